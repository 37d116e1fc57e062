// tests/unit/engine/test_creation.cpp — factory ops: values bit for bit, dtype rules, strides, errors.
//
// Every expected value was produced by torch 1.13 on x86-64 (AVX2) and pasted
// here as raw bits, except where a comment says "2.x formula": PyTorch 2.x
// computes linspace with one scalar formula (start + i*step up to the middle,
// end - (steps-1-i)*step after it, fused multiply-adds), while 1.13 used AVX2
// vector lanes for all but the last steps % 16 elements. Those rows were
// computed with that formula in exact rational arithmetic, and the formula was
// checked against 1.13's scalar tail on 300 random cases (all equal).
#include <catch2/catch.hpp>

#include <array>
#include <complex>
#include <cstring>
#include <functional>
#include <limits>
#include <sstream>
#include <vector>

#include "engine/core/convert.h"
#include "engine/core/error.h"
#include "engine/core/shape.h"
#include "engine/ops/copy.h"
#include "engine/ops/creation.h"
#include "engine/ops/views.h"

using namespace tsh;

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

struct SeqCase {
  const char* torch_call;
  std::function<Tensor()> make;
  DType dtype;
  const char* bits;  // hex words, one per element (real, imaginary for complex)
};

std::vector<uint64_t> parse_bits(const char* s) {
  std::vector<uint64_t> out;
  std::istringstream in(s);
  uint64_t v;
  while (in >> std::hex >> v) out.push_back(v);
  return out;
}

// Raw bits of every element in row-major order, zero-extended.
std::vector<uint64_t> raw_bits(const Tensor& t) {
  Tensor c = contiguous(t);
  std::vector<uint64_t> out;
  dispatch(c.dtype(), [&]<typename T>() {
    const T* p = c.data<T>();
    for (int64_t i = 0; i < c.numel(); ++i) {
      if constexpr (is_complex_v<T>) {
        using R = typename T::value_type;
        R parts[2] = {p[i].real(), p[i].imag()};
        for (R part : parts) {
          uint64_t u = 0;
          std::memcpy(&u, &part, sizeof(R));
          out.push_back(u);
        }
      } else if constexpr (std::is_integral_v<T> && std::is_signed_v<T>) {
        // Sign bits beyond the element's width are dropped, as in the table.
        uint64_t u = static_cast<uint64_t>(static_cast<int64_t>(p[i]));
        out.push_back(sizeof(T) == 8 ? u : u & ((uint64_t{1} << (8 * sizeof(T))) - 1));
      } else {
        uint64_t u = 0;
        std::memcpy(&u, &p[i], sizeof(T));
        out.push_back(u);
      }
    }
  });
  return out;
}

std::vector<double> values(const Tensor& t) {
  Tensor c = contiguous(to(t, DType::Float64, std::nullopt));
  return std::vector<double>(c.data<double>(), c.data<double>() + c.numel());
}

void check_cases(const SeqCase* cases, size_t n) {
  for (size_t i = 0; i < n; ++i) {
    INFO("torch." << cases[i].torch_call);
    Tensor t = cases[i].make();
    CHECK(t.dtype() == cases[i].dtype);
    CHECK(t.dim() == 1);
    CHECK(t.is_contiguous());
    CHECK(raw_bits(t) == parse_bits(cases[i].bits));
  }
}

const SeqCase kArange[] = {
  {"arange(0, 1, 0.1)",
   [] { return arange(Scalar(int64_t{0}), Scalar(int64_t{1}), Scalar(0.1), std::nullopt); },
   DType::Float32, "0 3dcccccd 3e4ccccd 3e99999a 3ecccccd 3f000000 3f19999a 3f333333 3f4ccccd 3f666666"},
  {"arange(1, 2.5, 0.5)",
   [] { return arange(Scalar(int64_t{1}), Scalar(2.5), Scalar(0.5), std::nullopt); },
   DType::Float32, "3f800000 3fc00000 40000000"},
  {"arange(10, 0, -3)",
   [] { return arange(Scalar(int64_t{10}), Scalar(int64_t{0}), Scalar(int64_t{-3}), std::nullopt); },
   DType::Int64, "a 7 4 1"},
  {"arange(0.0, 1.0, 0.3)",
   [] { return arange(Scalar(0.0), Scalar(1.0), Scalar(0.3), std::nullopt); },
   DType::Float32, "0 3e99999a 3f19999a 3f666666"},
  {"arange(0, 10, 0.1)",
   [] { return arange(Scalar(int64_t{0}), Scalar(int64_t{10}), Scalar(0.1), std::nullopt); },
   DType::Float32, "0 3dcccccd 3e4ccccd 3e99999a 3ecccccd 3f000000 3f19999a 3f333333 3f4ccccd 3f666667 3f800000 3f8ccccd 3f99999a 3fa66666 3fb33333 3fc00000 3fcccccd 3fd9999a 3fe66667 3ff33333 40000000 40066666 400ccccd 40133333 4019999a 40200000 40266667 402ccccd 40333334 4039999a 40400000 40466667 404ccccd 40533333 4059999a 40600000 40666667 406ccccd 40733333 4079999a 40800000 40833333 40866666 4089999a 408ccccd 40900000 40933333 40966666 4099999a 409ccccd 40a00000 40a33334 40a66667 40a9999a 40accccd 40b00000 40b33333 40b66666 40b99999 40bccccd 40c00000 40c33333 40c66666 40c99999 40cccccd 40d00000 40d33333 40d66667 40d9999a 40dccccd 40e00000 40e33333 40e66666 40e99999 40eccccc 40f00000 40f33333 40f66666 40f99999 40fccccc 41000000 4101999a 41033333 4104cccd 41066666 41080000 4109999a 410b3333 410ccccd 410e6667 41100000 4111999a 41133333 4114cccd 41166667 41180000 4119999a 411b3333 411ccccd 411e6666"},
  {"arange(-3.3, 7.1, 0.07)",
   [] { return arange(Scalar(-3.3), Scalar(7.1), Scalar(0.07), std::nullopt); },
   DType::Float32, "c0533333 c04eb852 c04a3d70 c045c28f c04147ae c03ccccd c03851eb c033d70a c02f5c29 c02ae148 c0266666 c021eb85 c01d70a4 c018f5c3 c0147ae1 c0100000 c00b851f c0070a3e c0028f5c bffc28f6 bff33334 bfea3d71 bfe147af bfd851ec bfcf5c29 bfc66666 bfbd70a4 bfb47ae1 bfab851f bfa28f5c bf99999a bf90a3d7 bf87ae14 bf7d70a3 bf6b851e bf599999 bf47ae14 bf35c28e bf23d709 bf11eb84 bf000000 bedc28f6 beb851ec be947ae1 be6147ae be19999a bda3d70a bc23d70a 3d75c28f 3e051eb8 3e4ccccd 3e8a3d71 3eae147b 3ed1eb85 3ef5c28f 3f0ccccd 3f1eb852 3f30a3d7 3f428f5c 3f547ae1 3f666666 3f7851ec 3f851eb8 3f8e147b 3f970a3d 3fa00000 3fa8f5c2 3fb1eb85 3fbae147 3fc3d70a 3fcccccc 3fd5c28f 3fdeb852 3fe7ae15 3ff0a3d7 3ff9999a 400147ae 4005c28f 400a3d71 400eb852 40133333 4017ae14 401c28f6 4020a3d7 40251eb8 40299999 402e147b 40328f5c 40370a3d 403b851e 40400000 40447ae1 4048f5c2 404d70a3 4051eb85 40566666 405ae148 405f5c29 4063d70b 406851ec 406ccccd 407147ae 4075c290 407a3d71 407eb852 4081999a 4083d70a 4086147b 408851ec 408a8f5c 408ccccd 408f0a3d 409147ae 4093851f 4095c28f 40980000 409a3d71 409c7ae1 409eb852 40a0f5c2 40a33333 40a570a4 40a7ae14 40a9eb85 40ac28f6 40ae6666 40b0a3d7 40b2e147 40b51eb8 40b75c29 40b99999 40bbd70a 40be147b 40c051eb 40c28f5c 40c4cccc 40c70a3d 40c947ae 40cb851e 40cdc28f 40d00000 40d23d70 40d47ae1 40d6b851 40d8f5c3 40db3333 40dd70a4 40dfae14 40e1eb85"},
  {"arange(0, 5.5, 1)",
   [] { return arange(Scalar(int64_t{0}), Scalar(5.5), Scalar(int64_t{1}), std::nullopt); },
   DType::Float32, "0 3f800000 40000000 40400000 40800000 40a00000"},
  {"arange(0.9, 10.2, 2.5)",
   [] { return arange(Scalar(0.9), Scalar(10.2), Scalar(2.5), std::nullopt); },
   DType::Float32, "3f666666 4059999a 40bccccd 41066666"},
  {"arange(-1, -10.2, -2.5)",
   [] { return arange(Scalar(int64_t{-1}), Scalar(-10.2), Scalar(-2.5), std::nullopt); },
   DType::Float32, "bf800000 c0600000 c0c00000 c1080000"},
  {"arange(0, 300, 7)",
   [] { return arange(Scalar(int64_t{0}), Scalar(int64_t{300}), Scalar(int64_t{7}), std::nullopt); },
   DType::Int64, "0 7 e 15 1c 23 2a 31 38 3f 46 4d 54 5b 62 69 70 77 7e 85 8c 93 9a a1 a8 af b6 bd c4 cb d2 d9 e0 e7 ee f5 fc 103 10a 111 118 11f 126"},
  {"arange(0, 1, 0.1, dtype=torch.float64)",
   [] { return arange(Scalar(int64_t{0}), Scalar(int64_t{1}), Scalar(0.1), DType::Float64); },
   DType::Float64, "0 3fb999999999999a 3fc999999999999a 3fd3333333333334 3fd999999999999a 3fe0000000000000 3fe3333333333334 3fe6666666666667 3fe999999999999a 3feccccccccccccd"},
  {"arange(1, 2.5, 0.5, dtype=torch.float64)",
   [] { return arange(Scalar(int64_t{1}), Scalar(2.5), Scalar(0.5), DType::Float64); },
   DType::Float64, "3ff0000000000000 3ff8000000000000 4000000000000000"},
  {"arange(10, 0, -3, dtype=torch.float64)",
   [] { return arange(Scalar(int64_t{10}), Scalar(int64_t{0}), Scalar(int64_t{-3}), DType::Float64); },
   DType::Float64, "4024000000000000 401c000000000000 4010000000000000 3ff0000000000000"},
  {"arange(0.0, 1.0, 0.3, dtype=torch.float64)",
   [] { return arange(Scalar(0.0), Scalar(1.0), Scalar(0.3), DType::Float64); },
   DType::Float64, "0 3fd3333333333333 3fe3333333333333 3feccccccccccccc"},
  {"arange(0, 10, 0.1, dtype=torch.float64)",
   [] { return arange(Scalar(int64_t{0}), Scalar(int64_t{10}), Scalar(0.1), DType::Float64); },
   DType::Float64, "0 3fb999999999999a 3fc999999999999a 3fd3333333333334 3fd999999999999a 3fe0000000000000 3fe3333333333334 3fe6666666666667 3fe999999999999a 3feccccccccccccd 3ff0000000000000 3ff199999999999a 3ff3333333333334 3ff4ccccccccccce 3ff6666666666667 3ff8000000000001 3ff999999999999a 3ffb333333333334 3ffccccccccccccd 3ffe666666666667 4000000000000000 4000cccccccccccd 400199999999999a 4002666666666666 4003333333333334 4004000000000001 4004ccccccccccce 400599999999999a 4006666666666667 4007333333333334 4008000000000001 4008cccccccccccd 400999999999999a 400a666666666667 400b333333333334 400c000000000000 400ccccccccccccd 400d99999999999a 400e666666666667 400f333333333333 4010000000000000 4010666666666666 4010cccccccccccd 4011333333333333 401199999999999a 4012000000000000 4012666666666667 4012cccccccccccd 4013333333333334 401399999999999a 4014000000000001 4014666666666667 4014cccccccccccd 4015333333333333 401599999999999a 4016000000000000 4016666666666667 4016cccccccccccd 4017333333333334 401799999999999a 4018000000000000 4018666666666666 4018cccccccccccd 4019333333333333 401999999999999a 401a000000000000 401a666666666667 401acccccccccccd 401b333333333334 401b99999999999a 401c000000000001 401c666666666667 401ccccccccccccd 401d333333333333 401d99999999999a 401e000000000000 401e666666666667 401ecccccccccccd 401f333333333334 401f99999999999a 4020000000000000 4020333333333333 4020666666666666 402099999999999a 4020cccccccccccd 4021000000000000 4021333333333333 4021666666666667 402199999999999a 4021cccccccccccd 4022000000000000 4022333333333334 4022666666666667 402299999999999a 4022cccccccccccd 4023000000000001 4023333333333334 4023666666666667 402399999999999a 4023cccccccccccd"},
  {"arange(-3.3, 7.1, 0.07, dtype=torch.float64)",
   [] { return arange(Scalar(-3.3), Scalar(7.1), Scalar(0.07), DType::Float64); },
   DType::Float64, "c00a666666666666 c009d70a3d70a3d7 c00947ae147ae147 c008b851eb851eb8 c00828f5c28f5c28 c007999999999999 c0070a3d70a3d709 c0067ae147ae147a c005eb851eb851eb c0055c28f5c28f5c c004cccccccccccc c0043d70a3d70a3d c003ae147ae147ae c0031eb851eb851f c0028f5c28f5c28f c002000000000000 c00170a3d70a3d70 c000e147ae147ae1 c00051eb851eb851 bfff851eb851eb84 bffe666666666665 bffd47ae147ae146 bffc28f5c28f5c28 bffb0a3d70a3d709 bff9eb851eb851ea bff8cccccccccccb bff7ae147ae147ac bff68f5c28f5c28e bff570a3d70a3d6f bff451eb851eb850 bff3333333333332 bff2147ae147ae13 bff0f5c28f5c28f4 bfefae147ae147aa bfed70a3d70a3d6d bfeb333333333330 bfe8f5c28f5c28f2 bfe6b851eb851eb4 bfe47ae147ae1477 bfe23d70a3d70a3a bfdffffffffffff8 bfdb851eb851eb7d bfd70a3d70a3d702 bfd28f5c28f5c287 bfcc28f5c28f5c18 bfc3333333333322 bfb47ae147ae1458 bf847ae147ae1360 3faeb851eb851f00 3fc0a3d70a3d70b6 3fc99999999999ac 3fd147ae147ae151 3fd5c28f5c28f5cc 3fda3d70a3d70a47 3fdeb851eb851ec2 3fe199999999999e 3fe3d70a3d70a3dc 3fe6147ae147ae1a 3fe851eb851eb857 3fea8f5c28f5c294 3fecccccccccccd2 3fef0a3d70a3d710 3ff0a3d70a3d70a6 3ff1c28f5c28f5c5 3ff2e147ae147ae4 3ff4000000000003 3ff51eb851eb8522 3ff63d70a3d70a40 3ff75c28f5c28f5f 3ff87ae147ae147e 3ff999999999999c 3ffab851eb851ebb 3ffbd70a3d70a3da 3ffcf5c28f5c28f9 3ffe147ae147ae18 3fff333333333336 400028f5c28f5c2a 4000b851eb851eb9 400147ae147ae149 4001d70a3d70a3d8 4002666666666668 4002f5c28f5c28f7 4003851eb851eb87 4004147ae147ae16 4004a3d70a3d70a6 4005333333333335 4005c28f5c28f5c5 400651eb851eb854 4006e147ae147ae3 400770a3d70a3d72 4008000000000002 40088f5c28f5c291 40091eb851eb8520 4009ae147ae147af 400a3d70a3d70a3f 400accccccccccce 400b5c28f5c28f5e 400beb851eb851ed 400c7ae147ae147d 400d0a3d70a3d70c 400d99999999999c 400e28f5c28f5c2b 400eb851eb851ebb 400f47ae147ae14a 400fd70a3d70a3d9 4010333333333334 40107ae147ae147c 4010c28f5c28f5c4 40110a3d70a3d70b 401151eb851eb853 401199999999999a 4011e147ae147ae2 401228f5c28f5c2a 401270a3d70a3d72 4012b851eb851eb9 4013000000000001 401347ae147ae149 40138f5c28f5c291 4013d70a3d70a3d8 40141eb851eb8520 4014666666666668 4014ae147ae147b0 4014f5c28f5c28f7 40153d70a3d70a3f 4015851eb851eb86 4015ccccccccccce 4016147ae147ae15 40165c28f5c28f5d 4016a3d70a3d70a5 4016eb851eb851ed 4017333333333334 40177ae147ae147c 4017c28f5c28f5c4 40180a3d70a3d70c 401851eb851eb853 401899999999999b 4018e147ae147ae2 401928f5c28f5c2a 401970a3d70a3d71 4019b851eb851eb9 401a000000000001 401a47ae147ae149 401a8f5c28f5c290 401ad70a3d70a3d8 401b1eb851eb8520 401b666666666668 401bae147ae147af 401bf5c28f5c28f7 401c3d70a3d70a3f"},
  {"arange(0, 5.5, 1, dtype=torch.float64)",
   [] { return arange(Scalar(int64_t{0}), Scalar(5.5), Scalar(int64_t{1}), DType::Float64); },
   DType::Float64, "0 3ff0000000000000 4000000000000000 4008000000000000 4010000000000000 4014000000000000"},
  {"arange(0.9, 10.2, 2.5, dtype=torch.float64)",
   [] { return arange(Scalar(0.9), Scalar(10.2), Scalar(2.5), DType::Float64); },
   DType::Float64, "3feccccccccccccd 400b333333333333 401799999999999a 4020cccccccccccd"},
  {"arange(-1, -10.2, -2.5, dtype=torch.float64)",
   [] { return arange(Scalar(int64_t{-1}), Scalar(-10.2), Scalar(-2.5), DType::Float64); },
   DType::Float64, "bff0000000000000 c00c000000000000 c018000000000000 c021000000000000"},
  {"arange(0, 300, 7, dtype=torch.float64)",
   [] { return arange(Scalar(int64_t{0}), Scalar(int64_t{300}), Scalar(int64_t{7}), DType::Float64); },
   DType::Float64, "0 401c000000000000 402c000000000000 4035000000000000 403c000000000000 4041800000000000 4045000000000000 4048800000000000 404c000000000000 404f800000000000 4051800000000000 4053400000000000 4055000000000000 4056c00000000000 4058800000000000 405a400000000000 405c000000000000 405dc00000000000 405f800000000000 4060a00000000000 4061800000000000 4062600000000000 4063400000000000 4064200000000000 4065000000000000 4065e00000000000 4066c00000000000 4067a00000000000 4068800000000000 4069600000000000 406a400000000000 406b200000000000 406c000000000000 406ce00000000000 406dc00000000000 406ea00000000000 406f800000000000 4070300000000000 4070a00000000000 4071100000000000 4071800000000000 4071f00000000000 4072600000000000"},
  {"arange(0, 1, 0.1, dtype=torch.float16)",
   [] { return arange(Scalar(int64_t{0}), Scalar(int64_t{1}), Scalar(0.1), DType::Float16); },
   DType::Float16, "0 2e66 3266 34cd 3666 3800 38cd 399a 3a66 3b33"},
  {"arange(1, 2.5, 0.5, dtype=torch.float16)",
   [] { return arange(Scalar(int64_t{1}), Scalar(2.5), Scalar(0.5), DType::Float16); },
   DType::Float16, "3c00 3e00 4000"},
  {"arange(10, 0, -3, dtype=torch.float16)",
   [] { return arange(Scalar(int64_t{10}), Scalar(int64_t{0}), Scalar(int64_t{-3}), DType::Float16); },
   DType::Float16, "4900 4700 4400 3c00"},
  {"arange(0.0, 1.0, 0.3, dtype=torch.float16)",
   [] { return arange(Scalar(0.0), Scalar(1.0), Scalar(0.3), DType::Float16); },
   DType::Float16, "0 34cd 38cd 3b33"},
  {"arange(0, 10, 0.1, dtype=torch.float16)",
   [] { return arange(Scalar(int64_t{0}), Scalar(int64_t{10}), Scalar(0.1), DType::Float16); },
   DType::Float16, "0 2e66 3266 34cd 3666 3800 38cd 399a 3a66 3b33 3c00 3c66 3ccd 3d33 3d9a 3e00 3e66 3ecc 3f33 3f99 4000 4033 4066 4099 40cd 4100 4133 4166 4199 41cd 4200 4233 4266 4299 42cc 4300 4333 4366 4399 43cc 4400 4419 4433 444d 4466 4480 4499 44b3 44cd 44e7 4500 451a 4533 454d 4567 4580 459a 45b3 45cd 45e7 4600 461a 4633 464d 4666 4680 4699 46b3 46cc 46e6 4700 4719 4733 474c 4766 4780 4799 47b3 47cc 47e6 4800 480d 481a 4826 4833 4840 484d 485a 4866 4873 4880 488d 489a 48a6 48b3 48c0 48cd 48da 48e6 48f3"},
  {"arange(-3.3, 7.1, 0.07, dtype=torch.float16)",
   [] { return arange(Scalar(-3.3), Scalar(7.1), Scalar(0.07), DType::Float16); },
   DType::Float16, "c29a c276 c252 c22e c20b c1e7 c1c3 c19f c17b c157 c134 c110 c0ec c0c8 c0a4 c080 c05c c038 c014 bfe1 bf99 bf52 bf0a bec2 be7b be33 bdeb bda4 bd5c bd14 bccc bc85 bc3d bbeb bb5b bacc ba3d b9ad b91e b88e b7fe b6e0 b5c1 b4a2 b307 b0c9 ad18 a0e6 2bae 3029 3266 3452 3571 368f 37ae 3866 38f6 3985 3a14 3aa4 3b33 3bc3 3c29 3c71 3cb8 3d00 3d47 3d8f 3dd7 3e1e 3e66 3eae 3ef5 3f3d 3f85 3fcc 400a 402e 4052 4076 409a 40be 40e2 4106 4129 414d 4171 4195 41b9 41dd 4200 4224 4248 426c 4290 42b4 42d7 42fb 431f 4343 4366 438a 43ae 43d2 43f6 440d 441f 4431 4443 4454 4466 4478 448a 449c 44ae 44c0 44d2 44e4 44f6 4507 4519 452b 453d 454f 4561 4573 4585 4597 45a9 45bb 45cd 45df 45f1 4603 4614 4626 4638 464a 465c 466e 4680 4692 46a4 46b6 46c8 46da 46ec 46fd 470f"},
  {"arange(0, 5.5, 1, dtype=torch.float16)",
   [] { return arange(Scalar(int64_t{0}), Scalar(5.5), Scalar(int64_t{1}), DType::Float16); },
   DType::Float16, "0 3c00 4000 4200 4400 4500"},
  {"arange(0.9, 10.2, 2.5, dtype=torch.float16)",
   [] { return arange(Scalar(0.9), Scalar(10.2), Scalar(2.5), DType::Float16); },
   DType::Float16, "3b33 42cd 45e6 4833"},
  {"arange(-1, -10.2, -2.5, dtype=torch.float16)",
   [] { return arange(Scalar(int64_t{-1}), Scalar(-10.2), Scalar(-2.5), DType::Float16); },
   DType::Float16, "bc00 c300 c600 c840"},
  {"arange(0, 300, 7, dtype=torch.float16)",
   [] { return arange(Scalar(int64_t{0}), Scalar(int64_t{300}), Scalar(int64_t{7}), DType::Float16); },
   DType::Float16, "0 4700 4b00 4d40 4f00 5060 5140 5220 5300 53e0 5460 54d0 5540 55b0 5620 5690 5700 5770 57e0 5828 5860 5898 58d0 5908 5940 5978 59b0 59e8 5a20 5a58 5a90 5ac8 5b00 5b38 5b70 5ba8 5be0 5c0c 5c28 5c44 5c60 5c7c 5c98"},
  {"arange(0, 1, 0.1, dtype=torch.bfloat16)",
   [] { return arange(Scalar(int64_t{0}), Scalar(int64_t{1}), Scalar(0.1), DType::BFloat16); },
   DType::BFloat16, "0 3dcd 3e4d 3e9a 3ecd 3f00 3f1a 3f33 3f4d 3f66"},
  {"arange(1, 2.5, 0.5, dtype=torch.bfloat16)",
   [] { return arange(Scalar(int64_t{1}), Scalar(2.5), Scalar(0.5), DType::BFloat16); },
   DType::BFloat16, "3f80 3fc0 4000"},
  {"arange(10, 0, -3, dtype=torch.bfloat16)",
   [] { return arange(Scalar(int64_t{10}), Scalar(int64_t{0}), Scalar(int64_t{-3}), DType::BFloat16); },
   DType::BFloat16, "4120 40e0 4080 3f80"},
  {"arange(0.0, 1.0, 0.3, dtype=torch.bfloat16)",
   [] { return arange(Scalar(0.0), Scalar(1.0), Scalar(0.3), DType::BFloat16); },
   DType::BFloat16, "0 3e9a 3f1a 3f66"},
  {"arange(0, 10, 0.1, dtype=torch.bfloat16)",
   [] { return arange(Scalar(int64_t{0}), Scalar(int64_t{10}), Scalar(0.1), DType::BFloat16); },
   DType::BFloat16, "0 3dcd 3e4d 3e9a 3ecd 3f00 3f1a 3f33 3f4d 3f66 3f80 3f8d 3f9a 3fa6 3fb3 3fc0 3fcd 3fda 3fe7 3ff3 4000 4006 400d 4013 401a 4020 4026 402d 4033 403a 4040 4046 404d 4053 405a 4060 4067 406d 4073 407a 4080 4083 4086 408a 408d 4090 4093 4096 409a 409d 40a0 40a4 40a7 40aa 40ad 40b0 40b4 40b7 40ba 40bd 40c0 40c4 40c7 40ca 40cd 40d0 40d3 40d7 40da 40dd 40e0 40e3 40e7 40ea 40ed 40f0 40f3 40f7 40fa 40fd 4100 4102 4103 4105 4106 4108 410a 410b 410d 410e 4110 4112 4113 4115 4116 4118 411a 411b 411d 411e"},
  {"arange(-3.3, 7.1, 0.07, dtype=torch.bfloat16)",
   [] { return arange(Scalar(-3.3), Scalar(7.1), Scalar(0.07), DType::BFloat16); },
   DType::BFloat16, "c053 c04f c04a c046 c041 c03d c038 c034 c02f c02b c026 c022 c01d c019 c014 c010 c00c c008 c003 bffd bff4 bfeb bfe2 bfd9 bfd0 bfc7 bfbe bfb5 bfac bfa4 bf9b bf92 bf88 bf7e bf6c bf5a bf48 bf36 bf24 bf13 bf01 bedd beba be96 be64 be1c bda9 bc4d 3d76 3e05 3e4d 3e8a 3eae 3ed2 3ef6 3f0d 3f1f 3f31 3f43 3f54 3f66 3f78 3f85 3f8e 3f97 3fa0 3fa9 3fb2 3fbb 3fc4 3fcd 3fd6 3fdf 3fe8 3ff1 3ffa 4001 4006 400a 400f 4013 4017 401c 4020 4025 4029 402e 4032 4037 403b 4040 4044 4049 404d 4052 4056 405b 405f 4064 4068 406d 4071 4076 407a 407f 4082 4084 4086 4088 408b 408d 408f 4091 4093 4095 4098 409a 409c 409e 40a1 40a3 40a5 40a7 40aa 40ac 40ae 40b0 40b3 40b5 40b7 40ba 40bc 40be 40c0 40c3 40c5 40c7 40c9 40cc 40ce 40d0 40d2 40d4 40d7 40d9 40db 40dd 40e0 40e2"},
  {"arange(0, 5.5, 1, dtype=torch.bfloat16)",
   [] { return arange(Scalar(int64_t{0}), Scalar(5.5), Scalar(int64_t{1}), DType::BFloat16); },
   DType::BFloat16, "0 3f80 4000 4040 4080 40a0"},
  {"arange(0.9, 10.2, 2.5, dtype=torch.bfloat16)",
   [] { return arange(Scalar(0.9), Scalar(10.2), Scalar(2.5), DType::BFloat16); },
   DType::BFloat16, "3f66 405a 40bd 4106"},
  {"arange(-1, -10.2, -2.5, dtype=torch.bfloat16)",
   [] { return arange(Scalar(int64_t{-1}), Scalar(-10.2), Scalar(-2.5), DType::BFloat16); },
   DType::BFloat16, "bf80 c060 c0c0 c108"},
  {"arange(0, 300, 7, dtype=torch.bfloat16)",
   [] { return arange(Scalar(int64_t{0}), Scalar(int64_t{300}), Scalar(int64_t{7}), DType::BFloat16); },
   DType::BFloat16, "0 40e0 4160 41a8 41e0 420c 4228 4244 4260 427c 428c 429a 42a8 42b6 42c4 42d2 42e0 42ee 42fc 4305 430c 4313 431a 4321 4328 432f 4336 433d 4344 434b 4352 4359 4360 4367 436e 4375 437c 4382 4385 4388 438c 4390 4393"},
  {"arange(10, 0, -3, dtype=torch.int64)",
   [] { return arange(Scalar(int64_t{10}), Scalar(int64_t{0}), Scalar(int64_t{-3}), DType::Int64); },
   DType::Int64, "a 7 4 1"},
  {"arange(0, 5.5, 1, dtype=torch.int64)",
   [] { return arange(Scalar(int64_t{0}), Scalar(5.5), Scalar(int64_t{1}), DType::Int64); },
   DType::Int64, "0 1 2 3 4 5"},
  {"arange(0.9, 10.2, 2.5, dtype=torch.int64)",
   [] { return arange(Scalar(0.9), Scalar(10.2), Scalar(2.5), DType::Int64); },
   DType::Int64, "0 2 4 6"},
  {"arange(-1, -10.2, -2.5, dtype=torch.int64)",
   [] { return arange(Scalar(int64_t{-1}), Scalar(-10.2), Scalar(-2.5), DType::Int64); },
   DType::Int64, "ffffffffffffffff fffffffffffffffd fffffffffffffffb fffffffffffffff9"},
  {"arange(0, 300, 7, dtype=torch.int64)",
   [] { return arange(Scalar(int64_t{0}), Scalar(int64_t{300}), Scalar(int64_t{7}), DType::Int64); },
   DType::Int64, "0 7 e 15 1c 23 2a 31 38 3f 46 4d 54 5b 62 69 70 77 7e 85 8c 93 9a a1 a8 af b6 bd c4 cb d2 d9 e0 e7 ee f5 fc 103 10a 111 118 11f 126"},
  {"arange(10, 0, -3, dtype=torch.int32)",
   [] { return arange(Scalar(int64_t{10}), Scalar(int64_t{0}), Scalar(int64_t{-3}), DType::Int32); },
   DType::Int32, "a 7 4 1"},
  {"arange(0, 5.5, 1, dtype=torch.int32)",
   [] { return arange(Scalar(int64_t{0}), Scalar(5.5), Scalar(int64_t{1}), DType::Int32); },
   DType::Int32, "0 1 2 3 4 5"},
  {"arange(0.9, 10.2, 2.5, dtype=torch.int32)",
   [] { return arange(Scalar(0.9), Scalar(10.2), Scalar(2.5), DType::Int32); },
   DType::Int32, "0 2 4 6"},
  {"arange(-1, -10.2, -2.5, dtype=torch.int32)",
   [] { return arange(Scalar(int64_t{-1}), Scalar(-10.2), Scalar(-2.5), DType::Int32); },
   DType::Int32, "ffffffff fffffffd fffffffb fffffff9"},
  {"arange(0, 300, 7, dtype=torch.int32)",
   [] { return arange(Scalar(int64_t{0}), Scalar(int64_t{300}), Scalar(int64_t{7}), DType::Int32); },
   DType::Int32, "0 7 e 15 1c 23 2a 31 38 3f 46 4d 54 5b 62 69 70 77 7e 85 8c 93 9a a1 a8 af b6 bd c4 cb d2 d9 e0 e7 ee f5 fc 103 10a 111 118 11f 126"},
  {"arange(10, 0, -3, dtype=torch.uint8)",
   [] { return arange(Scalar(int64_t{10}), Scalar(int64_t{0}), Scalar(int64_t{-3}), DType::UInt8); },
   DType::UInt8, "a 7 4 1"},
  {"arange(0, 5.5, 1, dtype=torch.uint8)",
   [] { return arange(Scalar(int64_t{0}), Scalar(5.5), Scalar(int64_t{1}), DType::UInt8); },
   DType::UInt8, "0 1 2 3 4 5"},
  {"arange(0.9, 10.2, 2.5, dtype=torch.uint8)",
   [] { return arange(Scalar(0.9), Scalar(10.2), Scalar(2.5), DType::UInt8); },
   DType::UInt8, "0 2 4 6"},
  {"arange(0, 300, 7, dtype=torch.uint8)",
   [] { return arange(Scalar(int64_t{0}), Scalar(int64_t{300}), Scalar(int64_t{7}), DType::UInt8); },
   DType::UInt8, "0 7 e 15 1c 23 2a 31 38 3f 46 4d 54 5b 62 69 70 77 7e 85 8c 93 9a a1 a8 af b6 bd c4 cb d2 d9 e0 e7 ee f5 fc 3 a 11 18 1f 26"},
  {"arange(True, 3, 1)", [] { return arange(Scalar(true), Scalar(int64_t{3}), Scalar(int64_t{1})); }, DType::Int64, "1 2"},
  {"arange(-2**63, 2**63-1, 2**62)", [] { return arange(Scalar(INT64_MIN), Scalar(INT64_MAX), Scalar(int64_t{1} << 62)); }, DType::Int64, ""},
};
const SeqCase kLinspace[] = {
  {"linspace(2, 10, 4)",
   [] { return linspace(Scalar(int64_t{2}), Scalar(int64_t{10}), 4, std::nullopt); },
   DType::Float32, "40000000 40955556 40eaaaaa 41200000"},
  {"linspace(-5, 5, 7)",
   [] { return linspace(Scalar(int64_t{-5}), Scalar(int64_t{5}), 7, std::nullopt); },
   DType::Float32, "c0a00000 c0555556 bfd55556 34000000 3fd55556 40555556 40a00000"},
  {"linspace(0, 1, 3)",
   [] { return linspace(Scalar(int64_t{0}), Scalar(int64_t{1}), 3, std::nullopt); },
   DType::Float32, "0 3f000000 3f800000"},
  {"linspace(0, 10, 5)",
   [] { return linspace(Scalar(int64_t{0}), Scalar(int64_t{10}), 5, std::nullopt); },
   DType::Float32, "0 40200000 40a00000 40f00000 41200000"},
  {"linspace(3.7, 10, 1)",
   [] { return linspace(Scalar(3.7), Scalar(int64_t{10}), 1, std::nullopt); },
   DType::Float32, "406ccccd"},
  {"linspace(0, 10, 0)",
   [] { return linspace(Scalar(int64_t{0}), Scalar(int64_t{10}), 0, std::nullopt); },
   DType::Float32, ""},
  {"linspace(2.5, 7.9, 5)",
   [] { return linspace(Scalar(2.5), Scalar(7.9), 5, std::nullopt); },
   DType::Float32, "40200000 40766666 40a66666 40d1999a 40fccccd"},
  {"linspace(7.9, 2.5, 5)",
   [] { return linspace(Scalar(7.9), Scalar(2.5), 5, std::nullopt); },
   DType::Float32, "40fccccd 40d1999a 40a66666 40766666 40200000"},
  {"linspace(0, -7, 5)",
   [] { return linspace(Scalar(int64_t{0}), Scalar(int64_t{-7}), 5, std::nullopt); },
   DType::Float32, "0 bfe00000 c0600000 c0a80000 c0e00000"},
  {"linspace(0, 255, 5)",
   [] { return linspace(Scalar(int64_t{0}), Scalar(int64_t{255}), 5, std::nullopt); },
   DType::Float32, "0 427f0000 42ff0000 433f4000 437f0000"},
  {"linspace(0.1, 0.7, 6)",
   [] { return linspace(Scalar(0.1), Scalar(0.7), 6, std::nullopt); },
   DType::Float32, "3dcccccd 3e6147ae 3eae147a 3eeb851f 3f147ae1 3f333333"},
  {"linspace(0, 1, 25)",
   [] { return linspace(Scalar(int64_t{0}), Scalar(int64_t{1}), 25, std::nullopt); },
   DType::Float32, "0 3d2aaaab 3daaaaab 3e000000 3e2aaaab 3e555556 3e800000 3e955556 3eaaaaab 3ec00000 3ed55556 3eeaaaab 3f000000 3f0aaaaa 3f155555 3f200000 3f2aaaaa 3f355555 3f400000 3f4aaaab 3f555555 3f600000 3f6aaaab 3f755555 3f800000"},  // 2.x formula
  {"linspace(-1.3, 22.9, 101)",
   [] { return linspace(Scalar(-1.3), Scalar(22.9), 101, std::nullopt); },
   DType::Float32, "bfa66666 bf876c8b bf50e560 bf12f1aa bea9fbe8 bdb851f0 3e1ba5e0 3ec9ba5c 3f22d0e4 3f60c49a 3f8f5c28 3fae5603 3fcd4fde 3fec49b9 4005a1ca 40151eb8 40249ba5 40341892 40439580 4053126e 40628f5b 40720c48 4080c49b 40888312 40904188 4097ffff 409fbe76 40a77ced 40af3b64 40b6f9da 40beb851 40c676c8 40ce353e 40d5f3b5 40ddb22c 40e570a3 40ed2f1a 40f4ed90 40fcac07 4102353f 4106147a 4109f3b6 410dd2f1 4111b22c 41159168 411970a3 411d4fde 41212f1a 41250e55 4128ed91 412ccccd 4130ac09 41348b44 41386a7f 413c49bb 414028f6 41440832 4147e76d 414bc6a8 414fa5e4 4153851f 4157645a 415b4396 415f22d1 4163020c 4166e148 416ac083 416e9fbf 41727efa 41765e35 417a3d71 417e1cac 4180fdf4 4182ed91 4184dd2f 4186cccd 4188bc6a 418aac08 418c9ba6 418e8b44 41907ae1 41926a7f 41945a1d 419649ba 41983958 419a28f6 419c1893 419e0831 419ff7cf 41a1e76c 41a3d70a 41a5c6a8 41a7b646 41a9a5e3 41ab9581 41ad851f 41af74bc 41b1645a 41b353f8 41b54395 41b73333"},  // 2.x formula
  {"linspace(2, 10, 4, dtype=torch.float64)",
   [] { return linspace(Scalar(int64_t{2}), Scalar(int64_t{10}), 4, DType::Float64); },
   DType::Float64, "4000000000000000 4012aaaaaaaaaaaa 401d555555555556 4024000000000000"},
  {"linspace(-5, 5, 7, dtype=torch.float64)",
   [] { return linspace(Scalar(int64_t{-5}), Scalar(int64_t{5}), 7, DType::Float64); },
   DType::Float64, "c014000000000000 c00aaaaaaaaaaaaa bffaaaaaaaaaaaaa bcb0000000000000 3ffaaaaaaaaaaaaa 400aaaaaaaaaaaaa 4014000000000000"},
  {"linspace(0, 1, 3, dtype=torch.float64)",
   [] { return linspace(Scalar(int64_t{0}), Scalar(int64_t{1}), 3, DType::Float64); },
   DType::Float64, "0 3fe0000000000000 3ff0000000000000"},
  {"linspace(0, 10, 5, dtype=torch.float64)",
   [] { return linspace(Scalar(int64_t{0}), Scalar(int64_t{10}), 5, DType::Float64); },
   DType::Float64, "0 4004000000000000 4014000000000000 401e000000000000 4024000000000000"},
  {"linspace(3.7, 10, 1, dtype=torch.float64)",
   [] { return linspace(Scalar(3.7), Scalar(int64_t{10}), 1, DType::Float64); },
   DType::Float64, "400d99999999999a"},
  {"linspace(0, 10, 0, dtype=torch.float64)",
   [] { return linspace(Scalar(int64_t{0}), Scalar(int64_t{10}), 0, DType::Float64); },
   DType::Float64, ""},
  {"linspace(2.5, 7.9, 5, dtype=torch.float64)",
   [] { return linspace(Scalar(2.5), Scalar(7.9), 5, DType::Float64); },
   DType::Float64, "4004000000000000 400ecccccccccccd 4014cccccccccccd 401a333333333334 401f99999999999a"},
  {"linspace(7.9, 2.5, 5, dtype=torch.float64)",
   [] { return linspace(Scalar(7.9), Scalar(2.5), 5, DType::Float64); },
   DType::Float64, "401f99999999999a 401a333333333334 4014cccccccccccd 400ecccccccccccd 4004000000000000"},
  {"linspace(0, -7, 5, dtype=torch.float64)",
   [] { return linspace(Scalar(int64_t{0}), Scalar(int64_t{-7}), 5, DType::Float64); },
   DType::Float64, "0 bffc000000000000 c00c000000000000 c015000000000000 c01c000000000000"},
  {"linspace(0, 255, 5, dtype=torch.float64)",
   [] { return linspace(Scalar(int64_t{0}), Scalar(int64_t{255}), 5, DType::Float64); },
   DType::Float64, "0 404fe00000000000 405fe00000000000 4067e80000000000 406fe00000000000"},
  {"linspace(0.1, 0.7, 6, dtype=torch.float64)",
   [] { return linspace(Scalar(0.1), Scalar(0.7), 6, DType::Float64); },
   DType::Float64, "3fb999999999999a 3fcc28f5c28f5c29 3fd5c28f5c28f5c2 3fdd70a3d70a3d70 3fe28f5c28f5c28f 3fe6666666666666"},
  {"linspace(0, 1, 25, dtype=torch.float64)",
   [] { return linspace(Scalar(int64_t{0}), Scalar(int64_t{1}), 25, DType::Float64); },
   DType::Float64, "0 3fa5555555555555 3fb5555555555555 3fc0000000000000 3fc5555555555555 3fcaaaaaaaaaaaaa 3fd0000000000000 3fd2aaaaaaaaaaaa 3fd5555555555555 3fd8000000000000 3fdaaaaaaaaaaaaa 3fdd555555555555 3fe0000000000000 3fe1555555555556 3fe2aaaaaaaaaaab 3fe4000000000000 3fe5555555555556 3fe6aaaaaaaaaaab 3fe8000000000000 3fe9555555555555 3feaaaaaaaaaaaab 3fec000000000000 3fed555555555555 3feeaaaaaaaaaaab 3ff0000000000000"},  // 2.x formula
  {"linspace(-1.3, 22.9, 101, dtype=torch.float64)",
   [] { return linspace(Scalar(-1.3), Scalar(22.9), 101, DType::Float64); },
   DType::Float64, "bff4cccccccccccd bff0ed916872b021 bfea1cac083126ea bfe25e353f7ced92 bfd53f7ced916874 bfb70a3d70a3d710 3fc374bc6a7ef9d8 3fd9374bc6a7ef9c 3fe45a1cac083126 3fec189374bc6a7e 3ff1eb851eb851eb 3ff5cac083126e97 3ff9a9fbe76c8b43 3ffd89374bc6a7ef 4000b4395810624e 4002a3d70a3d70a4 40049374bc6a7efa 400683126e978d50 400872b020c49ba6 400a624dd2f1a9fc 400c51eb851eb852 400e4189374bc6a8 4010189374bc6a7f 401110624dd2f1aa 4012083126e978d5 4013000000000000 4013f7ced916872b 4014ef9db22d0e56 4015e76c8b439581 4016df3b645a1cac 4017d70a3d70a3d7 4018ced916872b02 4019c6a7ef9db22d 401abe76c8b43958 401bb645a1cac083 401cae147ae147ae 401da5e353f7ced9 401e9db22d0e5604 401f95810624dd2f 402046a7ef9db22d 4020c28f5c28f5c2 40213e76c8b43958 4021ba5e353f7ced 40223645a1cac083 4022b22d0e560418 40232e147ae147ae 4023a9fbe76c8b43 402425e353f7ced9 4024a1cac083126e 40251db22d0e5604 4025999999999999 402615810624dd2e 4026916872b020c4 40270d4fdf3b645a 402789374bc6a7ef 4028051eb851eb84 4028810624dd2f1a 4028fced916872b0 402978d4fdf3b645 4029f4bc6a7ef9da 402a70a3d70a3d70 402aec8b43958106 402b6872b020c49b 402be45a1cac0830 402c604189374bc6 402cdc28f5c28f5c 402d5810624dd2f1 402dd3f7ced91686 402e4fdf3b645a1c 402ecbc6a7ef9db2 402f47ae147ae147 402fc395810624dc 40301fbe76c8b439 40305db22d0e5604 40309ba5e353f7ce 4030d99999999999 4031178d4fdf3b64 403155810624dd2f 40319374bc6a7efa 4031d16872b020c4 40320f5c28f5c28f 40324d4fdf3b645a 40328b4395810624 4032c9374bc6a7ef 4033072b020c49ba 4033451eb851eb85 403383126e978d50 4033c10624dd2f1a 4033fef9db22d0e5 40343ced916872b0 40347ae147ae147a 4034b8d4fdf3b645 4034f6c8b4395810 403534bc6a7ef9db 403572b020c49ba6 4035b0a3d70a3d70 4035ee978d4fdf3b 40362c8b43958106 40366a7ef9db22d0 4036a872b020c49b 4036e66666666666"},  // 2.x formula
  {"linspace(2, 10, 4, dtype=torch.float16)",
   [] { return linspace(Scalar(int64_t{2}), Scalar(int64_t{10}), 4, DType::Float16); },
   DType::Float16, "4000 44aa 4756 4900"},
  {"linspace(-5, 5, 7, dtype=torch.float16)",
   [] { return linspace(Scalar(int64_t{-5}), Scalar(int64_t{5}), 7, DType::Float16); },
   DType::Float16, "c500 c2aa beaa 0 3eaa 42aa 4500"},
  {"linspace(0, 1, 3, dtype=torch.float16)",
   [] { return linspace(Scalar(int64_t{0}), Scalar(int64_t{1}), 3, DType::Float16); },
   DType::Float16, "0 3800 3c00"},
  {"linspace(0, 10, 5, dtype=torch.float16)",
   [] { return linspace(Scalar(int64_t{0}), Scalar(int64_t{10}), 5, DType::Float16); },
   DType::Float16, "0 4100 4500 4780 4900"},
  {"linspace(3.7, 10, 1, dtype=torch.float16)",
   [] { return linspace(Scalar(3.7), Scalar(int64_t{10}), 1, DType::Float16); },
   DType::Float16, "4366"},
  {"linspace(0, 10, 0, dtype=torch.float16)",
   [] { return linspace(Scalar(int64_t{0}), Scalar(int64_t{10}), 0, DType::Float16); },
   DType::Float16, ""},
  {"linspace(2.5, 7.9, 5, dtype=torch.float16)",
   [] { return linspace(Scalar(2.5), Scalar(7.9), 5, DType::Float16); },
   DType::Float16, "4100 43b3 4533 468c 47e6"},
  {"linspace(7.9, 2.5, 5, dtype=torch.float16)",
   [] { return linspace(Scalar(7.9), Scalar(2.5), 5, DType::Float16); },
   DType::Float16, "47e6 468c 4533 43b3 4100"},
  {"linspace(0, -7, 5, dtype=torch.float16)",
   [] { return linspace(Scalar(int64_t{0}), Scalar(int64_t{-7}), 5, DType::Float16); },
   DType::Float16, "0 bf00 c300 c540 c700"},
  {"linspace(0, 255, 5, dtype=torch.float16)",
   [] { return linspace(Scalar(int64_t{0}), Scalar(int64_t{255}), 5, DType::Float16); },
   DType::Float16, "0 53f8 57f8 59fa 5bf8"},
  {"linspace(0.1, 0.7, 6, dtype=torch.float16)",
   [] { return linspace(Scalar(0.1), Scalar(0.7), 6, DType::Float16); },
   DType::Float16, "2e66 330a 3570 375d 38a4 399a"},
  {"linspace(2, 10, 4, dtype=torch.bfloat16)",
   [] { return linspace(Scalar(int64_t{2}), Scalar(int64_t{10}), 4, DType::BFloat16); },
   DType::BFloat16, "4000 4096 40ea 4120"},
  {"linspace(-5, 5, 7, dtype=torch.bfloat16)",
   [] { return linspace(Scalar(int64_t{-5}), Scalar(int64_t{5}), 7, DType::BFloat16); },
   DType::BFloat16, "c0a0 c056 bfd6 0 3fd6 4056 40a0"},
  {"linspace(0, 1, 3, dtype=torch.bfloat16)",
   [] { return linspace(Scalar(int64_t{0}), Scalar(int64_t{1}), 3, DType::BFloat16); },
   DType::BFloat16, "0 3f00 3f80"},
  {"linspace(0, 10, 5, dtype=torch.bfloat16)",
   [] { return linspace(Scalar(int64_t{0}), Scalar(int64_t{10}), 5, DType::BFloat16); },
   DType::BFloat16, "0 4020 40a0 40f0 4120"},
  {"linspace(3.7, 10, 1, dtype=torch.bfloat16)",
   [] { return linspace(Scalar(3.7), Scalar(int64_t{10}), 1, DType::BFloat16); },
   DType::BFloat16, "406d"},
  {"linspace(0, 10, 0, dtype=torch.bfloat16)",
   [] { return linspace(Scalar(int64_t{0}), Scalar(int64_t{10}), 0, DType::BFloat16); },
   DType::BFloat16, ""},
  {"linspace(2.5, 7.9, 5, dtype=torch.bfloat16)",
   [] { return linspace(Scalar(2.5), Scalar(7.9), 5, DType::BFloat16); },
   DType::BFloat16, "4020 4076 40a6 40d2 40fd"},
  {"linspace(7.9, 2.5, 5, dtype=torch.bfloat16)",
   [] { return linspace(Scalar(7.9), Scalar(2.5), 5, DType::BFloat16); },
   DType::BFloat16, "40fd 40d2 40a6 4076 4020"},
  {"linspace(0, -7, 5, dtype=torch.bfloat16)",
   [] { return linspace(Scalar(int64_t{0}), Scalar(int64_t{-7}), 5, DType::BFloat16); },
   DType::BFloat16, "0 bfe0 c060 c0a8 c0e0"},
  {"linspace(0, 255, 5, dtype=torch.bfloat16)",
   [] { return linspace(Scalar(int64_t{0}), Scalar(int64_t{255}), 5, DType::BFloat16); },
   DType::BFloat16, "0 427f 42ff 433f 437f"},
  {"linspace(0.1, 0.7, 6, dtype=torch.bfloat16)",
   [] { return linspace(Scalar(0.1), Scalar(0.7), 6, DType::BFloat16); },
   DType::BFloat16, "3dcd 3e61 3eae 3eec 3f14 3f33"},
  {"linspace(2, 10, 4, dtype=torch.int64)",
   [] { return linspace(Scalar(int64_t{2}), Scalar(int64_t{10}), 4, DType::Int64); },
   DType::Int64, "2 4 7 a"},
  {"linspace(-5, 5, 7, dtype=torch.int64)",
   [] { return linspace(Scalar(int64_t{-5}), Scalar(int64_t{5}), 7, DType::Int64); },
   DType::Int64, "fffffffffffffffb fffffffffffffffd ffffffffffffffff 0 1 3 5"},
  {"linspace(0, 1, 3, dtype=torch.int64)",
   [] { return linspace(Scalar(int64_t{0}), Scalar(int64_t{1}), 3, DType::Int64); },
   DType::Int64, "0 0 1"},
  {"linspace(0, 10, 5, dtype=torch.int64)",
   [] { return linspace(Scalar(int64_t{0}), Scalar(int64_t{10}), 5, DType::Int64); },
   DType::Int64, "0 2 5 7 a"},
  {"linspace(3.7, 10, 1, dtype=torch.int64)",
   [] { return linspace(Scalar(3.7), Scalar(int64_t{10}), 1, DType::Int64); },
   DType::Int64, "3"},
  {"linspace(0, 10, 0, dtype=torch.int64)",
   [] { return linspace(Scalar(int64_t{0}), Scalar(int64_t{10}), 0, DType::Int64); },
   DType::Int64, ""},
  {"linspace(2.5, 7.9, 5, dtype=torch.int64)",
   [] { return linspace(Scalar(2.5), Scalar(7.9), 5, DType::Int64); },
   DType::Int64, "2 3 4 5 7"},
  {"linspace(7.9, 2.5, 5, dtype=torch.int64)",
   [] { return linspace(Scalar(7.9), Scalar(2.5), 5, DType::Int64); },
   DType::Int64, "7 5 4 3 2"},
  {"linspace(0, -7, 5, dtype=torch.int64)",
   [] { return linspace(Scalar(int64_t{0}), Scalar(int64_t{-7}), 5, DType::Int64); },
   DType::Int64, "0 ffffffffffffffff fffffffffffffffd fffffffffffffffb fffffffffffffff9"},
  {"linspace(0, 255, 5, dtype=torch.int64)",
   [] { return linspace(Scalar(int64_t{0}), Scalar(int64_t{255}), 5, DType::Int64); },
   DType::Int64, "0 3f 7f bf ff"},
  {"linspace(0.1, 0.7, 6, dtype=torch.int64)",
   [] { return linspace(Scalar(0.1), Scalar(0.7), 6, DType::Int64); },
   DType::Int64, "0 0 0 0 0 0"},
  {"linspace(2, 10, 4, dtype=torch.int32)",
   [] { return linspace(Scalar(int64_t{2}), Scalar(int64_t{10}), 4, DType::Int32); },
   DType::Int32, "2 4 7 a"},
  {"linspace(-5, 5, 7, dtype=torch.int32)",
   [] { return linspace(Scalar(int64_t{-5}), Scalar(int64_t{5}), 7, DType::Int32); },
   DType::Int32, "fffffffb fffffffd ffffffff 0 1 3 5"},
  {"linspace(0, 1, 3, dtype=torch.int32)",
   [] { return linspace(Scalar(int64_t{0}), Scalar(int64_t{1}), 3, DType::Int32); },
   DType::Int32, "0 0 1"},
  {"linspace(0, 10, 5, dtype=torch.int32)",
   [] { return linspace(Scalar(int64_t{0}), Scalar(int64_t{10}), 5, DType::Int32); },
   DType::Int32, "0 2 5 7 a"},
  {"linspace(3.7, 10, 1, dtype=torch.int32)",
   [] { return linspace(Scalar(3.7), Scalar(int64_t{10}), 1, DType::Int32); },
   DType::Int32, "3"},
  {"linspace(0, 10, 0, dtype=torch.int32)",
   [] { return linspace(Scalar(int64_t{0}), Scalar(int64_t{10}), 0, DType::Int32); },
   DType::Int32, ""},
  {"linspace(2.5, 7.9, 5, dtype=torch.int32)",
   [] { return linspace(Scalar(2.5), Scalar(7.9), 5, DType::Int32); },
   DType::Int32, "2 3 4 5 7"},
  {"linspace(7.9, 2.5, 5, dtype=torch.int32)",
   [] { return linspace(Scalar(7.9), Scalar(2.5), 5, DType::Int32); },
   DType::Int32, "7 5 4 3 2"},
  {"linspace(0, -7, 5, dtype=torch.int32)",
   [] { return linspace(Scalar(int64_t{0}), Scalar(int64_t{-7}), 5, DType::Int32); },
   DType::Int32, "0 ffffffff fffffffd fffffffb fffffff9"},
  {"linspace(0, 255, 5, dtype=torch.int32)",
   [] { return linspace(Scalar(int64_t{0}), Scalar(int64_t{255}), 5, DType::Int32); },
   DType::Int32, "0 3f 7f bf ff"},
  {"linspace(0.1, 0.7, 6, dtype=torch.int32)",
   [] { return linspace(Scalar(0.1), Scalar(0.7), 6, DType::Int32); },
   DType::Int32, "0 0 0 0 0 0"},
  {"linspace(2, 10, 4, dtype=torch.int8)",
   [] { return linspace(Scalar(int64_t{2}), Scalar(int64_t{10}), 4, DType::Int8); },
   DType::Int8, "2 4 7 a"},
  {"linspace(-5, 5, 7, dtype=torch.int8)",
   [] { return linspace(Scalar(int64_t{-5}), Scalar(int64_t{5}), 7, DType::Int8); },
   DType::Int8, "fb fd ff 0 1 3 5"},
  {"linspace(0, 1, 3, dtype=torch.int8)",
   [] { return linspace(Scalar(int64_t{0}), Scalar(int64_t{1}), 3, DType::Int8); },
   DType::Int8, "0 0 1"},
  {"linspace(0, 10, 5, dtype=torch.int8)",
   [] { return linspace(Scalar(int64_t{0}), Scalar(int64_t{10}), 5, DType::Int8); },
   DType::Int8, "0 2 5 7 a"},
  {"linspace(3.7, 10, 1, dtype=torch.int8)",
   [] { return linspace(Scalar(3.7), Scalar(int64_t{10}), 1, DType::Int8); },
   DType::Int8, "3"},
  {"linspace(0, 10, 0, dtype=torch.int8)",
   [] { return linspace(Scalar(int64_t{0}), Scalar(int64_t{10}), 0, DType::Int8); },
   DType::Int8, ""},
  {"linspace(2.5, 7.9, 5, dtype=torch.int8)",
   [] { return linspace(Scalar(2.5), Scalar(7.9), 5, DType::Int8); },
   DType::Int8, "2 3 4 5 7"},
  {"linspace(7.9, 2.5, 5, dtype=torch.int8)",
   [] { return linspace(Scalar(7.9), Scalar(2.5), 5, DType::Int8); },
   DType::Int8, "7 5 4 3 2"},
  {"linspace(0, -7, 5, dtype=torch.int8)",
   [] { return linspace(Scalar(int64_t{0}), Scalar(int64_t{-7}), 5, DType::Int8); },
   DType::Int8, "0 ff fd fb f9"},
  {"linspace(0.1, 0.7, 6, dtype=torch.int8)",
   [] { return linspace(Scalar(0.1), Scalar(0.7), 6, DType::Int8); },
   DType::Int8, "0 0 0 0 0 0"},
  {"linspace(2, 10, 4, dtype=torch.uint8)",
   [] { return linspace(Scalar(int64_t{2}), Scalar(int64_t{10}), 4, DType::UInt8); },
   DType::UInt8, "2 4 7 a"},
  {"linspace(0, 1, 3, dtype=torch.uint8)",
   [] { return linspace(Scalar(int64_t{0}), Scalar(int64_t{1}), 3, DType::UInt8); },
   DType::UInt8, "0 0 1"},
  {"linspace(0, 10, 5, dtype=torch.uint8)",
   [] { return linspace(Scalar(int64_t{0}), Scalar(int64_t{10}), 5, DType::UInt8); },
   DType::UInt8, "0 2 5 7 a"},
  {"linspace(3.7, 10, 1, dtype=torch.uint8)",
   [] { return linspace(Scalar(3.7), Scalar(int64_t{10}), 1, DType::UInt8); },
   DType::UInt8, "3"},
  {"linspace(0, 10, 0, dtype=torch.uint8)",
   [] { return linspace(Scalar(int64_t{0}), Scalar(int64_t{10}), 0, DType::UInt8); },
   DType::UInt8, ""},
  {"linspace(2.5, 7.9, 5, dtype=torch.uint8)",
   [] { return linspace(Scalar(2.5), Scalar(7.9), 5, DType::UInt8); },
   DType::UInt8, "2 3 4 5 7"},
  {"linspace(7.9, 2.5, 5, dtype=torch.uint8)",
   [] { return linspace(Scalar(7.9), Scalar(2.5), 5, DType::UInt8); },
   DType::UInt8, "7 5 4 3 2"},
  {"linspace(0, 255, 5, dtype=torch.uint8)",
   [] { return linspace(Scalar(int64_t{0}), Scalar(int64_t{255}), 5, DType::UInt8); },
   DType::UInt8, "0 3f 7f bf ff"},
  {"linspace(0.1, 0.7, 6, dtype=torch.uint8)",
   [] { return linspace(Scalar(0.1), Scalar(0.7), 6, DType::UInt8); },
   DType::UInt8, "0 0 0 0 0 0"},
  {"linspace(2, 10, 4, dtype=torch.complex64)",
   [] { return linspace(Scalar(int64_t{2}), Scalar(int64_t{10}), 4, DType::Complex64); },
   DType::Complex64, "40000000 0 40955556 0 40eaaaaa 0 41200000 0"},
  {"linspace(-5, 5, 7, dtype=torch.complex64)",
   [] { return linspace(Scalar(int64_t{-5}), Scalar(int64_t{5}), 7, DType::Complex64); },
   DType::Complex64, "c0a00000 0 c0555556 0 bfd55556 0 34000000 0 3fd55556 0 40555556 0 40a00000 0"},
  {"linspace(0, 1, 3, dtype=torch.complex64)",
   [] { return linspace(Scalar(int64_t{0}), Scalar(int64_t{1}), 3, DType::Complex64); },
   DType::Complex64, "0 0 3f000000 0 3f800000 0"},
  {"linspace(0, 10, 5, dtype=torch.complex64)",
   [] { return linspace(Scalar(int64_t{0}), Scalar(int64_t{10}), 5, DType::Complex64); },
   DType::Complex64, "0 0 40200000 0 40a00000 0 40f00000 0 41200000 0"},
  {"linspace(3.7, 10, 1, dtype=torch.complex64)",
   [] { return linspace(Scalar(3.7), Scalar(int64_t{10}), 1, DType::Complex64); },
   DType::Complex64, "406ccccd 0"},
  {"linspace(0, 10, 0, dtype=torch.complex64)",
   [] { return linspace(Scalar(int64_t{0}), Scalar(int64_t{10}), 0, DType::Complex64); },
   DType::Complex64, ""},
  {"linspace(2.5, 7.9, 5, dtype=torch.complex64)",
   [] { return linspace(Scalar(2.5), Scalar(7.9), 5, DType::Complex64); },
   DType::Complex64, "40200000 0 40766666 0 40a66666 0 40d1999a 0 40fccccd 0"},
  {"linspace(7.9, 2.5, 5, dtype=torch.complex64)",
   [] { return linspace(Scalar(7.9), Scalar(2.5), 5, DType::Complex64); },
   DType::Complex64, "40fccccd 0 40d1999a 0 40a66666 0 40766666 0 40200000 0"},
  {"linspace(0, -7, 5, dtype=torch.complex64)",
   [] { return linspace(Scalar(int64_t{0}), Scalar(int64_t{-7}), 5, DType::Complex64); },
   DType::Complex64, "0 0 bfe00000 0 c0600000 0 c0a80000 0 c0e00000 0"},
  {"linspace(0, 255, 5, dtype=torch.complex64)",
   [] { return linspace(Scalar(int64_t{0}), Scalar(int64_t{255}), 5, DType::Complex64); },
   DType::Complex64, "0 0 427f0000 0 42ff0000 0 433f4000 0 437f0000 0"},
  {"linspace(0.1, 0.7, 6, dtype=torch.complex64)",
   [] { return linspace(Scalar(0.1), Scalar(0.7), 6, DType::Complex64); },
   DType::Complex64, "3dcccccd 0 3e6147ae 0 3eae147a 0 3eeb851f 0 3f147ae1 0 3f333333 0"},
  {"linspace(0, 1, 3, dtype=torch.complex128)",
   [] { return linspace(Scalar(int64_t{0}), Scalar(int64_t{1}), 3, DType::Complex128); },
   DType::Complex128, "0 0 3fe0000000000000 0 3ff0000000000000 0"},
  {"linspace(3.7, 10, 1, dtype=torch.complex128)",
   [] { return linspace(Scalar(3.7), Scalar(int64_t{10}), 1, DType::Complex128); },
   DType::Complex128, "400d99999999999a 0"},
  {"linspace(0, 10, 0, dtype=torch.complex128)",
   [] { return linspace(Scalar(int64_t{0}), Scalar(int64_t{10}), 0, DType::Complex128); },
   DType::Complex128, ""},
  {"linspace(1j, 2j, 3)",
   [] { return linspace(Scalar(std::complex<double>(0.0, 1.0)), Scalar(std::complex<double>(0.0, 2.0)), 3, std::nullopt); },
   DType::Complex64, "0 3f800000 0 3fc00000 0 40000000"},
  {"linspace((1+2j), (-3.5+0.25j), 7)",
   [] { return linspace(Scalar(std::complex<double>(1.0, 2.0)), Scalar(std::complex<double>(-3.5, 0.25)), 7, std::nullopt); },
   DType::Complex64, "3f800000 40000000 3e800000 3fdaaaab bf000000 3fb55556 bfa00000 3f900000 c0000000 3f555555 c0300000 3f0aaaaa c0600000 3e800000"},
  {"linspace(1j, 2j, 3, dtype=torch.complex128)",
   [] { return linspace(Scalar(std::complex<double>(0.0, 1.0)), Scalar(std::complex<double>(0.0, 2.0)), 3, DType::Complex128); },
   DType::Complex128, "0 3ff0000000000000 0 3ff8000000000000 0 4000000000000000"},
  {"linspace((1+2j), (-3.5+0.25j), 3, dtype=torch.complex128)",
   [] { return linspace(Scalar(std::complex<double>(1.0, 2.0)), Scalar(std::complex<double>(-3.5, 0.25)), 3, DType::Complex128); },
   DType::Complex128, "3ff0000000000000 4000000000000000 bff4000000000000 3ff2000000000000 c00c000000000000 3fd0000000000000"},
};
const SeqCase kLogspace[] = {
  {"logspace(2, 10, 4, base=10)",
   [] { return logspace(Scalar(int64_t{2}), Scalar(int64_t{10}), 4, 10.0, std::nullopt); },
   DType::Float32, "42c80000 47354fe3 4ba45ecd 501502f9"},
  {"logspace(0, 2, 3, base=2)",
   [] { return logspace(Scalar(int64_t{0}), Scalar(int64_t{2}), 3, 2.0, std::nullopt); },
   DType::Float32, "3f800000 40000000 40800000"},
  {"logspace(0, 2, 3, base=10)",
   [] { return logspace(Scalar(int64_t{0}), Scalar(int64_t{2}), 3, 10.0, std::nullopt); },
   DType::Float32, "3f800000 41200000 42c80000"},
  {"logspace(0, 2, 1, base=10)",
   [] { return logspace(Scalar(int64_t{0}), Scalar(int64_t{2}), 1, 10.0, std::nullopt); },
   DType::Float32, "3f800000"},
  {"logspace(0.5, 2, 1, base=3)",
   [] { return logspace(Scalar(0.5), Scalar(int64_t{2}), 1, 3.0, std::nullopt); },
   DType::Float32, "3fddb3d7"},
  {"logspace(0, 2, 0, base=10)",
   [] { return logspace(Scalar(int64_t{0}), Scalar(int64_t{2}), 0, 10.0, std::nullopt); },
   DType::Float32, ""},
  {"logspace(0, 10, 5, base=10)",
   [] { return logspace(Scalar(int64_t{0}), Scalar(int64_t{10}), 5, 10.0, std::nullopt); },
   DType::Float32, "3f800000 439e1d27 47c35000 4bf1433c 501502f9"},
  {"logspace(-1, 1, 4, base=-2)",
   [] { return logspace(Scalar(int64_t{-1}), Scalar(int64_t{1}), 4, -2.0, std::nullopt); },
   DType::Float32, "bf000000 ffc00000 ffc00000 c0000000"},
  {"logspace(0, 1, 4, base=0)",
   [] { return logspace(Scalar(int64_t{0}), Scalar(int64_t{1}), 4, 0.0, std::nullopt); },
   DType::Float32, "3f800000 0 0 0"},
  {"logspace(0.1, 3.3, 17, base=10)",
   [] { return logspace(Scalar(0.1), Scalar(3.3), 17, 10.0, std::nullopt); },
   DType::Float32, "3fa12478 3fff64c2 404a62c2 40a06142 40fe2f5f 41496d96 419f9ef9 41fcfb73 42487990 429edd99 42fbc8f9 434786b5 439e1d26 43fa97f5 44469500 449d5d9c 44f96863"},
  {"logspace(-3, 3, 9, base=2.5)",
   [] { return logspace(Scalar(int64_t{-3}), Scalar(int64_t{3}), 9, 2.5, std::nullopt); },
   DType::Float32, "3d83126f 3e024c12 3e8186e2 3f00c2dd 3f800000 3ffe7c94 407cfb72 40fb7c97 417a0000"},
  {"logspace(2, 10, 4, base=10, dtype=torch.float64)",
   [] { return logspace(Scalar(int64_t{2}), Scalar(int64_t{10}), 4, 10.0, DType::Float64); },
   DType::Float64, "4059000000000000 40e6a9fc6d3fe30e 41748bd9ae67b4c1 4202a05f20000000"},
  {"logspace(0, 2, 3, base=2, dtype=torch.float64)",
   [] { return logspace(Scalar(int64_t{0}), Scalar(int64_t{2}), 3, 2.0, DType::Float64); },
   DType::Float64, "3ff0000000000000 4000000000000000 4010000000000000"},
  {"logspace(0, 2, 3, base=10, dtype=torch.float64)",
   [] { return logspace(Scalar(int64_t{0}), Scalar(int64_t{2}), 3, 10.0, DType::Float64); },
   DType::Float64, "3ff0000000000000 4024000000000000 4059000000000000"},
  {"logspace(0, 2, 1, base=10, dtype=torch.float64)",
   [] { return logspace(Scalar(int64_t{0}), Scalar(int64_t{2}), 1, 10.0, DType::Float64); },
   DType::Float64, "3ff0000000000000"},
  {"logspace(0.5, 2, 1, base=3, dtype=torch.float64)",
   [] { return logspace(Scalar(0.5), Scalar(int64_t{2}), 1, 3.0, DType::Float64); },
   DType::Float64, "3ffbb67ae8584caa"},
  {"logspace(0, 2, 0, base=10, dtype=torch.float64)",
   [] { return logspace(Scalar(int64_t{0}), Scalar(int64_t{2}), 0, 10.0, DType::Float64); },
   DType::Float64, ""},
  {"logspace(0, 10, 5, base=10, dtype=torch.float64)",
   [] { return logspace(Scalar(int64_t{0}), Scalar(int64_t{10}), 5, 10.0, DType::Float64); },
   DType::Float64, "3ff0000000000000 4073c3a4edfa9759 40f86a0000000000 417e286789a07f2f 4202a05f20000000"},
  {"logspace(-1, 1, 4, base=-2, dtype=torch.float64)",
   [] { return logspace(Scalar(int64_t{-1}), Scalar(int64_t{1}), 4, -2.0, DType::Float64); },
   DType::Float64, "bfe0000000000000 fff8000000000000 fff8000000000000 c000000000000000"},
  {"logspace(0, 1, 4, base=0, dtype=torch.float64)",
   [] { return logspace(Scalar(int64_t{0}), Scalar(int64_t{1}), 4, 0.0, DType::Float64); },
   DType::Float64, "3ff0000000000000 0 0 0"},
  {"logspace(0.1, 3.3, 17, base=10, dtype=torch.float64)",
   [] { return logspace(Scalar(0.1), Scalar(3.3), 17, 10.0, DType::Float64); },
   DType::Float64, "3ff4248ef8fc2604 3fffec982d5bb8af 40094c583ada5b53 40140c28430012e6 401fc5ebcec1353f 40292db2b73b2f82 4033f3df1c59536e 403f9f6e4990f227 40490f3253c017a0 4053dbb36138c148 405f791f6509fb5f 4068f0d6e36fa846 4073c3a4edfa9759 407f52fee8b01d83 4088d2a03986f199 4093abb39f263d1b 409f2d0c9c4b9258"},
  {"logspace(-3, 3, 9, base=2.5, dtype=torch.float64)",
   [] { return logspace(Scalar(int64_t{-3}), Scalar(int64_t{3}), 9, 2.5, DType::Float64); },
   DType::Float64, "3fb0624dd2f1a9fc 3fc049824db8bdc3 3fd030dc4ea03a72 3fe0185b9cde883a 3ff0000000000000 3fffcf927fccd2a0 400f9f6e4990f227 401f6f92ee62a212 402f400000000000"},
  {"logspace(2, 10, 4, base=10, dtype=torch.bfloat16)",
   [] { return logspace(Scalar(int64_t{2}), Scalar(int64_t{10}), 4, 10.0, DType::BFloat16); },
   DType::BFloat16, "42c8 4735 4ba4 5015"},
  {"logspace(0, 2, 3, base=2, dtype=torch.bfloat16)",
   [] { return logspace(Scalar(int64_t{0}), Scalar(int64_t{2}), 3, 2.0, DType::BFloat16); },
   DType::BFloat16, "3f80 4000 4080"},
  {"logspace(0, 2, 3, base=10, dtype=torch.bfloat16)",
   [] { return logspace(Scalar(int64_t{0}), Scalar(int64_t{2}), 3, 10.0, DType::BFloat16); },
   DType::BFloat16, "3f80 4120 42c8"},
  {"logspace(0, 2, 1, base=10, dtype=torch.bfloat16)",
   [] { return logspace(Scalar(int64_t{0}), Scalar(int64_t{2}), 1, 10.0, DType::BFloat16); },
   DType::BFloat16, "3f80"},
  {"logspace(0.5, 2, 1, base=3, dtype=torch.bfloat16)",
   [] { return logspace(Scalar(0.5), Scalar(int64_t{2}), 1, 3.0, DType::BFloat16); },
   DType::BFloat16, "3fde"},
  {"logspace(0, 2, 0, base=10, dtype=torch.bfloat16)",
   [] { return logspace(Scalar(int64_t{0}), Scalar(int64_t{2}), 0, 10.0, DType::BFloat16); },
   DType::BFloat16, ""},
  {"logspace(0, 10, 5, base=10, dtype=torch.bfloat16)",
   [] { return logspace(Scalar(int64_t{0}), Scalar(int64_t{10}), 5, 10.0, DType::BFloat16); },
   DType::BFloat16, "3f80 439e 47c3 4bf1 5015"},
  {"logspace(-1, 1, 4, base=-2, dtype=torch.bfloat16)",
   [] { return logspace(Scalar(int64_t{-1}), Scalar(int64_t{1}), 4, -2.0, DType::BFloat16); },
   DType::BFloat16, "bf00 7fc0 7fc0 c000"},
  {"logspace(0, 1, 4, base=0, dtype=torch.bfloat16)",
   [] { return logspace(Scalar(int64_t{0}), Scalar(int64_t{1}), 4, 0.0, DType::BFloat16); },
   DType::BFloat16, "3f80 0 0 0"},
  {"logspace(0.1, 3.3, 17, base=10, dtype=torch.bfloat16)",
   [] { return logspace(Scalar(0.1), Scalar(3.3), 17, 10.0, DType::BFloat16); },
   DType::BFloat16, "3fa1 4000 404b 40a1 40ff 414a 41a0 41fe 4246 429d 42f9 4346 439d 43f8 4445 449c 44f8"},
  {"logspace(-3, 3, 9, base=2.5, dtype=torch.bfloat16)",
   [] { return logspace(Scalar(int64_t{-3}), Scalar(int64_t{3}), 9, 2.5, DType::BFloat16); },
   DType::BFloat16, "3d83 3e02 3e82 3f01 3f80 3ffe 407d 40fb 417a"},
  {"logspace(2, 10, 4, base=10, dtype=torch.int64)",
   [] { return logspace(Scalar(int64_t{2}), Scalar(int64_t{10}), 4, 10.0, DType::Int64); },
   DType::Int64, "64 b54f 148bd9a 2540be400"},
  {"logspace(0, 2, 3, base=2, dtype=torch.int64)",
   [] { return logspace(Scalar(int64_t{0}), Scalar(int64_t{2}), 3, 2.0, DType::Int64); },
   DType::Int64, "1 2 4"},
  {"logspace(0, 2, 3, base=10, dtype=torch.int64)",
   [] { return logspace(Scalar(int64_t{0}), Scalar(int64_t{2}), 3, 10.0, DType::Int64); },
   DType::Int64, "1 a 64"},
  {"logspace(0, 2, 1, base=10, dtype=torch.int64)",
   [] { return logspace(Scalar(int64_t{0}), Scalar(int64_t{2}), 1, 10.0, DType::Int64); },
   DType::Int64, "1"},
  {"logspace(0, 2, 0, base=10, dtype=torch.int64)",
   [] { return logspace(Scalar(int64_t{0}), Scalar(int64_t{2}), 0, 10.0, DType::Int64); },
   DType::Int64, ""},
  {"logspace(0, 10, 5, base=10, dtype=torch.int64)",
   [] { return logspace(Scalar(int64_t{0}), Scalar(int64_t{10}), 5, 10.0, DType::Int64); },
   DType::Int64, "1 13c 186a0 1e28678 2540be400"},
  {"logspace(-1, 1, 4, base=-2, dtype=torch.int64)",
   [] { return logspace(Scalar(int64_t{-1}), Scalar(int64_t{1}), 4, -2.0, DType::Int64); },
   DType::Int64, "0 8000000000000000 8000000000000000 fffffffffffffffe"},
  {"logspace(0, 1, 4, base=0, dtype=torch.int64)",
   [] { return logspace(Scalar(int64_t{0}), Scalar(int64_t{1}), 4, 0.0, DType::Int64); },
   DType::Int64, "1 0 0 0"},
  {"logspace(-3, 3, 9, base=2.5, dtype=torch.int64)",
   [] { return logspace(Scalar(int64_t{-3}), Scalar(int64_t{3}), 9, 2.5, DType::Int64); },
   DType::Int64, "0 0 0 0 1 1 3 7 f"},
  {"logspace(2, 10, 4, base=10, dtype=torch.int32)",
   [] { return logspace(Scalar(int64_t{2}), Scalar(int64_t{10}), 4, 10.0, DType::Int32); },
   DType::Int32, "64 b54f 148bd9a 80000000"},
  {"logspace(0, 2, 3, base=2, dtype=torch.int32)",
   [] { return logspace(Scalar(int64_t{0}), Scalar(int64_t{2}), 3, 2.0, DType::Int32); },
   DType::Int32, "1 2 4"},
  {"logspace(0, 2, 3, base=10, dtype=torch.int32)",
   [] { return logspace(Scalar(int64_t{0}), Scalar(int64_t{2}), 3, 10.0, DType::Int32); },
   DType::Int32, "1 a 64"},
  {"logspace(0, 2, 1, base=10, dtype=torch.int32)",
   [] { return logspace(Scalar(int64_t{0}), Scalar(int64_t{2}), 1, 10.0, DType::Int32); },
   DType::Int32, "1"},
  {"logspace(0, 2, 0, base=10, dtype=torch.int32)",
   [] { return logspace(Scalar(int64_t{0}), Scalar(int64_t{2}), 0, 10.0, DType::Int32); },
   DType::Int32, ""},
  {"logspace(0, 10, 5, base=10, dtype=torch.int32)",
   [] { return logspace(Scalar(int64_t{0}), Scalar(int64_t{10}), 5, 10.0, DType::Int32); },
   DType::Int32, "1 13c 186a0 1e28678 80000000"},
  {"logspace(-1, 1, 4, base=-2, dtype=torch.int32)",
   [] { return logspace(Scalar(int64_t{-1}), Scalar(int64_t{1}), 4, -2.0, DType::Int32); },
   DType::Int32, "0 80000000 80000000 fffffffe"},
  {"logspace(0, 1, 4, base=0, dtype=torch.int32)",
   [] { return logspace(Scalar(int64_t{0}), Scalar(int64_t{1}), 4, 0.0, DType::Int32); },
   DType::Int32, "1 0 0 0"},
  {"logspace(-3, 3, 9, base=2.5, dtype=torch.int32)",
   [] { return logspace(Scalar(int64_t{-3}), Scalar(int64_t{3}), 9, 2.5, DType::Int32); },
   DType::Int32, "0 0 0 0 1 1 3 7 f"},
  {"logspace(2, 10, 4, base=10, dtype=torch.uint8)",
   [] { return logspace(Scalar(int64_t{2}), Scalar(int64_t{10}), 4, 10.0, DType::UInt8); },
   DType::UInt8, "64 4f 9a 0"},
  {"logspace(0, 2, 3, base=2, dtype=torch.uint8)",
   [] { return logspace(Scalar(int64_t{0}), Scalar(int64_t{2}), 3, 2.0, DType::UInt8); },
   DType::UInt8, "1 2 4"},
  {"logspace(0, 2, 3, base=10, dtype=torch.uint8)",
   [] { return logspace(Scalar(int64_t{0}), Scalar(int64_t{2}), 3, 10.0, DType::UInt8); },
   DType::UInt8, "1 a 64"},
  {"logspace(0, 2, 1, base=10, dtype=torch.uint8)",
   [] { return logspace(Scalar(int64_t{0}), Scalar(int64_t{2}), 1, 10.0, DType::UInt8); },
   DType::UInt8, "1"},
  {"logspace(0, 2, 0, base=10, dtype=torch.uint8)",
   [] { return logspace(Scalar(int64_t{0}), Scalar(int64_t{2}), 0, 10.0, DType::UInt8); },
   DType::UInt8, ""},
  {"logspace(0, 10, 5, base=10, dtype=torch.uint8)",
   [] { return logspace(Scalar(int64_t{0}), Scalar(int64_t{10}), 5, 10.0, DType::UInt8); },
   DType::UInt8, "1 3c a0 78 0"},
  {"logspace(-1, 1, 4, base=-2, dtype=torch.uint8)",
   [] { return logspace(Scalar(int64_t{-1}), Scalar(int64_t{1}), 4, -2.0, DType::UInt8); },
   DType::UInt8, "0 0 0 fe"},
  {"logspace(0, 1, 4, base=0, dtype=torch.uint8)",
   [] { return logspace(Scalar(int64_t{0}), Scalar(int64_t{1}), 4, 0.0, DType::UInt8); },
   DType::UInt8, "1 0 0 0"},
  {"logspace(-3, 3, 9, base=2.5, dtype=torch.uint8)",
   [] { return logspace(Scalar(int64_t{-3}), Scalar(int64_t{3}), 9, 2.5, DType::UInt8); },
   DType::UInt8, "0 0 0 0 0 0 0 0 f"},
  {"logspace(2, 10, 4, base=10, dtype=torch.int8)",
   [] { return logspace(Scalar(int64_t{2}), Scalar(int64_t{10}), 4, 10.0, DType::Int8); },
   DType::Int8, "64 4f 9a 0"},
  {"logspace(0, 2, 3, base=2, dtype=torch.int8)",
   [] { return logspace(Scalar(int64_t{0}), Scalar(int64_t{2}), 3, 2.0, DType::Int8); },
   DType::Int8, "1 2 4"},
  {"logspace(0, 2, 3, base=10, dtype=torch.int8)",
   [] { return logspace(Scalar(int64_t{0}), Scalar(int64_t{2}), 3, 10.0, DType::Int8); },
   DType::Int8, "1 a 64"},
  {"logspace(0, 2, 1, base=10, dtype=torch.int8)",
   [] { return logspace(Scalar(int64_t{0}), Scalar(int64_t{2}), 1, 10.0, DType::Int8); },
   DType::Int8, "1"},
  {"logspace(0, 2, 0, base=10, dtype=torch.int8)",
   [] { return logspace(Scalar(int64_t{0}), Scalar(int64_t{2}), 0, 10.0, DType::Int8); },
   DType::Int8, ""},
  {"logspace(0, 10, 5, base=10, dtype=torch.int8)",
   [] { return logspace(Scalar(int64_t{0}), Scalar(int64_t{10}), 5, 10.0, DType::Int8); },
   DType::Int8, "1 3c a0 78 0"},
  {"logspace(-1, 1, 4, base=-2, dtype=torch.int8)",
   [] { return logspace(Scalar(int64_t{-1}), Scalar(int64_t{1}), 4, -2.0, DType::Int8); },
   DType::Int8, "0 0 0 fe"},
  {"logspace(0, 1, 4, base=0, dtype=torch.int8)",
   [] { return logspace(Scalar(int64_t{0}), Scalar(int64_t{1}), 4, 0.0, DType::Int8); },
   DType::Int8, "1 0 0 0"},
  {"logspace(-3, 3, 9, base=2.5, dtype=torch.int8)",
   [] { return logspace(Scalar(int64_t{-3}), Scalar(int64_t{3}), 9, 2.5, DType::Int8); },
   DType::Int8, "0 0 0 0 1 1 3 7 f"},
  {"logspace(0, 1j, 3, base=10)",
   [] { return logspace(Scalar(int64_t{0}), Scalar(std::complex<double>(0.0, 1.0)), 3, 10.0, std::nullopt); },
   DType::Complex64, "3f800000 0 3ed08a95 3f69cd73 bf2b0f42 3f3e757e"},
  {"logspace((1+1j), (2-1j), 5, base=10)",
   [] { return logspace(Scalar(std::complex<double>(1.0, 1.0)), Scalar(std::complex<double>(2.0, -1.0)), 5, 10.0, std::nullopt); },
   DType::Complex64, "c0d5d312 40ee12de 40e7c72c 4181ed4e 41fcfb73 0 41b73c90 c24d6ebb c285a3ec c294cbcb"},
  {"logspace(0.5, (-0-1j), 5, base=2)",
   [] { return logspace(Scalar(0.5), Scalar(std::complex<double>(-0.0, -1.0)), 5, 2.0, std::nullopt); },
   DType::Complex64, "3fb504f3 0 3fa38269 be64f7f8 3f8f2afc beced211 3f7249d7 bf0aae21 3f44ecd7 bf2392f7"},
  {"logspace(0, 1j, 3, base=10, dtype=torch.complex128)",
   [] { return logspace(Scalar(int64_t{0}), Scalar(std::complex<double>(0.0, 1.0)), 3, 10.0, DType::Complex128); },
   DType::Complex128, "3ff0000000000000 0 3fda1152ae221b88 3fed39ae6590ab58 bfe561e8222cf772 3fe7ceafda032f0b"},
  {"logspace((1+1j), (2-1j), 5, base=10, dtype=torch.complex128)",
   [] { return logspace(Scalar(std::complex<double>(1.0, 1.0)), Scalar(std::complex<double>(2.0, -1.0)), 5, 10.0, DType::Complex128); },
   DType::Complex128, "c01aba622ab83550 401dc25bd083facf 401cf8e540da3bd0 40303da9936368bf 403f9f6e4990f22a 0 4036e7921ce3c92d c049add76aa9420b c050b47d5ab32153 c052997962527cc3"},
  {"logspace(0.5, (-0-1j), 5, base=2, dtype=torch.complex128)",
   [] { return logspace(Scalar(0.5), Scalar(std::complex<double>(-0.0, -1.0)), 5, 2.0, DType::Complex128); },
   DType::Complex128, "3ff6a09e667f3bcc 0 3ff4704d193e3f6e bfcc9efef69f2174 3ff1e55f96808772 bfd9da423a4a4efa 3fee493acad32281 bfe155c4229a8102 3fe89d9ae6856a55 bfe4725eeb25adec"},
};

}  // namespace

TEST_CASE("arange values match torch bit for bit (float32 lanes, float64, 16-bit, integers)",
          "[creation][arange]") {
  check_cases(kArange, std::size(kArange));
}

TEST_CASE("arange element counts follow PyTorch's double / exact-int64 arithmetic",
          "[creation][arange]") {
  CHECK(arange(Scalar(int64_t{0}), Scalar(int64_t{1}), Scalar(0.1)).numel() == 10);
  CHECK(arange(Scalar(int64_t{1}), Scalar(2.5), Scalar(0.5)).numel() == 3);
  CHECK(arange(Scalar(int64_t{10}), Scalar(int64_t{0}), Scalar(int64_t{-3})).numel() == 4);
  CHECK(arange(Scalar(0.0), Scalar(1.0), Scalar(0.3)).numel() == 4);
  // PyTorch 2.x counts in double whenever a bound is not an integer, int64 included.
  CHECK(arange(Scalar(int64_t{0}), Scalar(5.5), Scalar(int64_t{1}), DType::Int64).numel() == 6);
  CHECK(arange(Scalar(int64_t{0}), Scalar(5.5), Scalar(int64_t{1}), DType::Int32).numel() == 6);
  CHECK(arange(Scalar(int64_t{0}), Scalar(1e20), Scalar(kInf)).numel() == 0);
  CHECK(arange(Scalar(int64_t{0}), Scalar(int64_t{0}), Scalar(int64_t{-1})).numel() == 0);
}

TEST_CASE("arange dtype: int64 for integer (or bool) arguments, else the default dtype",
          "[creation][arange]") {
  CHECK(arange(Scalar(int64_t{0}), Scalar(int64_t{5})).dtype() == DType::Int64);
  CHECK(arange(Scalar(true), Scalar(int64_t{3})).dtype() == DType::Int64);
  CHECK(arange(Scalar(0.0), Scalar(int64_t{5})).dtype() == DType::Float32);
  CHECK(arange(Scalar(std::complex<double>(0, 0)), Scalar(int64_t{5})).dtype() == DType::Float32);
  set_default_dtype(DType::Float64);
  CHECK(arange(Scalar(int64_t{0}), Scalar(int64_t{5}), Scalar(0.5)).dtype() == DType::Float64);
  set_default_dtype(DType::Float32);
}

TEST_CASE("arange errors carry PyTorch's messages", "[creation][arange]") {
  auto a = [](auto s, auto e, auto st, std::optional<DType> d = std::nullopt) {
    return arange(Scalar(s), Scalar(e), Scalar(st), d);
  };
  using I = int64_t;
  CHECK_THROWS_MATCHES(a(I{0}, I{10}, I{0}), RuntimeError, Catch::Message("step must be nonzero"));
  CHECK_THROWS_MATCHES(a(I{0}, I{10}, I{-1}), RuntimeError,
                       Catch::Message("upper bound and lower bound inconsistent with step sign"));
  CHECK_THROWS_MATCHES(a(I{10}, I{0}, I{1}), RuntimeError,
                       Catch::Message("upper bound and lower bound inconsistent with step sign"));
  CHECK_THROWS_MATCHES(a(I{0}, kInf, I{1}), RuntimeError,
                       Catch::Message("unsupported range: 0 -> inf"));
  CHECK_THROWS_MATCHES(a(kNaN, I{5}, I{1}), RuntimeError,
                       Catch::Message("unsupported range: nan -> 5"));
  CHECK_THROWS_MATCHES(a(-kInf, 1e20, 1e19), RuntimeError,
                       Catch::Message("unsupported range: -inf -> 1e+20"));
  CHECK_THROWS_MATCHES(a(kNaN, I{5}, I{0}), RuntimeError, Catch::Message("step must be nonzero"));
  CHECK_THROWS_MATCHES(a(I{0}, I{1}, kNaN), RuntimeError, Catch::Message("step must be nonzero"));
  // A float step that truncates to 0: PyTorch 2.x counts in double and fills the start value.
  CHECK(a(I{0}, I{1}, 0.1, DType::Int64).numel() == 10);
  CHECK(a(I{0}, I{1}, 0.5, DType::Int8).numel() == 2);
  CHECK_THROWS_MATCHES(a(I{0}, 1e20, I{1}), RuntimeError,
                       Catch::Message("invalid size, possible overflow?"));
  CHECK_THROWS_MATCHES(a(I{0}, 1e19, 0.1), RuntimeError,
                       Catch::Message("invalid size, possible overflow?"));
  CHECK_THROWS_MATCHES(a(I{0}, 1e20, I{1}, DType::Int64), RuntimeError,
                       Catch::Message("invalid size, possible overflow?"));
  CHECK(a(I{0}, 1e39, 1e38, DType::Float16).numel() == 10);  // 2.x: infinities, no refusal
  CHECK_THROWS_MATCHES(a(std::complex<double>(0, 1), I{5}, I{1}), RuntimeError,
                       Catch::Message("value cannot be converted to type double without overflow"));
  CHECK_THROWS_MATCHES(a(I{0}, I{3}, I{1}, DType::Bool), NotImplementedError,
                       Catch::Message("\"arange_cpu\" not implemented for 'Bool'"));
  CHECK_THROWS_MATCHES(a(I{0}, I{3}, I{1}, DType::Complex64), NotImplementedError,
                       Catch::Message("\"arange_cpu\" not implemented for 'ComplexFloat'"));
  CHECK_THROWS_MATCHES(a(I{0}, int64_t{1} << 62, I{1}), RuntimeError,
                       Catch::Message("Storage size calculation overflowed with sizes=[4611686018427387904]"));
}

TEST_CASE("linspace values match torch bit for bit (PyTorch 2.x's symmetric formula)",
          "[creation][linspace]") {
  check_cases(kLinspace, std::size(kLinspace));
}

TEST_CASE("linspace dtype and argument rules", "[creation][linspace]") {
  CHECK(linspace(Scalar(int64_t{0}), Scalar(int64_t{10}), 5).dtype() == DType::Float32);
  CHECK(linspace(Scalar(std::complex<double>(0, 1)), Scalar(int64_t{2}), 3).dtype() ==
        DType::Complex64);
  // steps == 1 fills start and never converts end (300 would not fit uint8).
  CHECK(values(linspace(Scalar(int64_t{3}), Scalar(int64_t{300}), 1, DType::UInt8)) ==
        std::vector<double>{3});
  CHECK(values(linspace(Scalar(int64_t{0}), Scalar(int64_t{1}), 1, DType::Bool)) ==
        std::vector<double>{0});
  CHECK_THROWS_MATCHES(linspace(Scalar(int64_t{0}), Scalar(int64_t{10}), -1), RuntimeError,
                       Catch::Message("number of steps must be non-negative"));
  CHECK_THROWS_MATCHES(
      linspace(Scalar(int64_t{0}), Scalar(std::complex<double>(1, 1)), 3, DType::Float32),
      RuntimeError,
      Catch::Message("torch.linspace(): inferred dtype c10::complex<float> can't be safely cast "
                     "to passed dtype Float"));
  CHECK_THROWS_MATCHES(linspace(Scalar(int64_t{0}), Scalar(int64_t{300}), 5, DType::UInt8),
                       RuntimeError,
                       Catch::Message("value cannot be converted to type uint8_t without overflow"));
  CHECK_THROWS_MATCHES(linspace(Scalar(int64_t{0}), Scalar(1e5), 3, DType::Float16), RuntimeError,
                       Catch::Message("value cannot be converted to type at::Half without overflow"));
  CHECK_THROWS_MATCHES(linspace(Scalar(int64_t{0}), Scalar(int64_t{10}), 5, DType::Bool),
                       NotImplementedError,
                       Catch::Message("\"linspace_cpu\" not implemented for 'Bool'"));
}

TEST_CASE("logspace values match torch bit for bit", "[creation][logspace]") {
  check_cases(kLogspace, std::size(kLogspace));
  // The documented example: 1.0000e+02, 4.6416e+04, 2.1544e+07, 1.0000e+10.
  CHECK(values(logspace(Scalar(int64_t{2}), Scalar(int64_t{10}), 4)) ==
        std::vector<double>{100.0, 46415.88671875, 21544346.0, 10000000000.0});
}

TEST_CASE("logspace argument rules", "[creation][logspace]") {
  CHECK_THROWS_MATCHES(logspace(Scalar(int64_t{0}), Scalar(int64_t{2}), -2), RuntimeError,
                       Catch::Message("number of steps must be non-negative"));
  CHECK_THROWS_MATCHES(
      logspace(Scalar(int64_t{0}), Scalar(std::complex<double>(0, 1)), 3, 10.0, DType::Float64),
      RuntimeError,
      Catch::Message("torch.logspace(): inferred dtype c10::complex<float> can't be safely cast "
                     "to passed dtype Double"));
  // One step is pow(base, start) in double, then filled (and range-checked).
  CHECK_THROWS_MATCHES(logspace(Scalar(int64_t{10}), Scalar(int64_t{20}), 1, 10.0, DType::Int32),
                       RuntimeError,
                       Catch::Message("value cannot be converted to type int without overflow"));
  CHECK_THROWS_MATCHES(logspace(Scalar(int64_t{0}), Scalar(int64_t{2}), 3, 10.0, DType::Bool),
                       NotImplementedError,
                       Catch::Message("\"logspace_cpu\" not implemented for 'Bool'"));
  // PyTorch 2.x also computes float16 (1.13 had no float16 kernel).
  CHECK(values(logspace(Scalar(int64_t{0}), Scalar(int64_t{2}), 3, 10.0, DType::Float16)) ==
        std::vector<double>{1, 10, 100});
}

TEST_CASE("zeros, ones and full: dtype from the value, range-checked fill", "[creation]") {
  CHECK(zeros({2, 3}, DType::Float32).sizes() == Shape{2, 3});
  CHECK(values(zeros({2, 3}, DType::Int16)) == std::vector<double>(6, 0.0));
  CHECK(values(ones({2}, DType::Complex64)) == std::vector<double>{1, 1});
  CHECK(full({2}, Scalar(int64_t{7})).dtype() == DType::Int64);
  CHECK(full({2}, Scalar(3.0)).dtype() == DType::Float32);
  CHECK(full({2}, Scalar(true)).dtype() == DType::Bool);
  CHECK(full({2}, Scalar(std::complex<double>(0, 1))).dtype() == DType::Complex64);
  CHECK(values(full({2}, Scalar(2.5), DType::Int32)) == std::vector<double>{2, 2});
  CHECK(values(full({2}, Scalar(int64_t{-1}), DType::UInt8)) == std::vector<double>{255, 255});
  CHECK(values(full({2}, Scalar(0.5), DType::Bool)) == std::vector<double>{1, 1});
  CHECK(values(full({1}, Scalar((int64_t{1} << 60) + (int64_t{1} << 36) + 1), DType::Float32)) ==
        std::vector<double>{0x1.000002p60});  // int64 -> float in one rounding
  CHECK(values(full({1}, Scalar(kInf), DType::Float16)) == std::vector<double>{kInf});
  CHECK(full({0, 3}, Scalar(int64_t{1})).numel() == 0);
  CHECK_THROWS_MATCHES(full({-1}, Scalar(int64_t{1})), RuntimeError,
                       Catch::Message("Trying to create tensor with negative dimension -1: [-1]"));
  const std::pair<std::function<Tensor()>, const char*> overflow[] = {
      {[] { return full({2}, Scalar(int64_t{300}), DType::UInt8); }, "uint8_t"},
      {[] { return full({2}, Scalar(int64_t{300}), DType::Int8); }, "int8_t"},
      {[] { return full({2}, Scalar(1e10), DType::Int32); }, "int"},
      {[] { return full({2}, Scalar(1e10), DType::Int16); }, "int16_t"},
      {[] { return full({2}, Scalar(1e5), DType::Float16); }, "at::Half"},
      {[] { return full({2}, Scalar(65519.0), DType::Float16); }, "at::Half"},
      {[] { return full({2}, Scalar(1e39), DType::Float32); }, "float"},
      {[] { return full({2}, Scalar(1e39), DType::BFloat16); }, "at::BFloat16"},
      {[] { return full({2}, Scalar(kNaN), DType::Int32); }, "int"},
      {[] { return full({2}, Scalar(kInf), DType::Int64); }, "int64_t"},
      {[] { return full({2}, Scalar(std::complex<double>(1, 2)), DType::Float32); }, "float"},
      {[] { return full({2}, Scalar(std::complex<double>(1, 2)), DType::Int64); }, "int64_t"},
      {[] { return full({2}, Scalar(255.9), DType::UInt8); }, "uint8_t"},
      {[] { return full({2}, Scalar(-0.9), DType::UInt8); }, "uint8_t"},
      {[] { return full({2}, Scalar(1e300), DType::Complex64); }, "c10::complex<float>"},
  };
  for (const auto& [make, type] : overflow) {
    INFO(type);
    CHECK_THROWS_MATCHES(make(), RuntimeError,
                         Catch::Message(std::string("value cannot be converted to type ") + type +
                                        " without overflow"));
  }
  // Bool is never range-checked; PyTorch 2.x reads both parts of a complex.
  CHECK(values(full({1}, Scalar(std::complex<double>(0, 2)), DType::Bool)) ==
        std::vector<double>{1});
  CHECK(values(full({1}, Scalar(int64_t{2}), DType::Bool)) == std::vector<double>{1});
}

TEST_CASE("eye", "[creation]") {
  CHECK(values(eye(3, std::nullopt, DType::Float32)) ==
        std::vector<double>{1, 0, 0, 0, 1, 0, 0, 0, 1});
  Tensor b = eye(2, 3, DType::Bool);
  CHECK(b.sizes() == Shape{2, 3});
  CHECK(values(b) == std::vector<double>{1, 0, 0, 0, 1, 0});
  CHECK(values(eye(3, 2, DType::Int64)) == std::vector<double>{1, 0, 0, 1, 0, 0});
  CHECK(eye(0, std::nullopt, DType::Float32).sizes() == Shape{0, 0});
  CHECK(eye(3, 0, DType::Float32).sizes() == Shape{3, 0});
  CHECK_THROWS_MATCHES(eye(-1, std::nullopt, DType::Float32), RuntimeError,
                       Catch::Message("n must be greater or equal to 0, got -1"));
  CHECK_THROWS_MATCHES(eye(2, -1, DType::Float32), RuntimeError,
                       Catch::Message("m must be greater or equal to 0, got -1"));
}

TEST_CASE("*_like ops keep the input's stride order, dtype and device unless told", "[creation]") {
  Tensor base = zeros({2, 3, 4}, DType::Float32);
  Tensor permuted = permute(base, {2, 0, 1});
  CHECK(zeros_like(permuted).strides() == Shape{1, 12, 4});
  Tensor sliced = slice(slice(zeros({4, 6}, DType::Float32), 0, 1, std::nullopt), 1,
                        std::nullopt, std::nullopt, 2);
  CHECK(zeros_like(sliced).strides() == Shape{3, 1});
  Tensor transposed = tsh::t(zeros({3, 2}, DType::Float32));
  Tensor f = full_like(transposed, Scalar(1.5), DType::Int64);
  CHECK(f.dtype() == DType::Int64);
  CHECK(f.strides() == Shape{1, 2});
  CHECK(values(f) == std::vector<double>(6, 1.0));
  Tensor expanded = expand(zeros({2, 1, 3}, DType::Float32), {2, 4, 3});
  CHECK(empty_like(expanded, std::nullopt, std::nullopt).strides() == Shape{12, 3, 1});
  Tensor o = ones_like(zeros({2}, DType::Int32), DType::Bool);
  CHECK(o.dtype() == DType::Bool);
  CHECK(values(o) == std::vector<double>{1, 1});
  CHECK(full_like(zeros({2}, DType::Int32), Scalar(2.7)).dtype() == DType::Int32);
  CHECK_THROWS_MATCHES(full_like(zeros({2}, DType::Int32), Scalar(int64_t{1} << 40)), RuntimeError,
                       Catch::Message("value cannot be converted to type int without overflow"));
  Tensor like = zeros_like(base);
  CHECK(like.storage() != base.storage());
  CHECK(like.device() == base.device());
}

TEST_CASE("empty_like keeps dense strides and otherwise sorts dims like PyTorch", "[creation]") {
  // (sizes, strides of the input, strides torch.empty_like gives), from torch 1.13.
  const std::array<std::array<Shape, 3>, 15> cases = {{
      {Shape{1}, Shape{2}, Shape{2}},                      // dense: kept as is
      {Shape{2, 0, 3}, Shape{1, 1, 0}, Shape{1, 1, 0}},    // empty: kept as is
      {Shape{0, 3, 3}, Shape{1, 0, 0}, Shape{1, 0, 0}},
      {Shape{1, 3, 1, 1}, Shape{1, 0, 2, 2}, Shape{1, 1, 3, 1}},
      {Shape{2, 4, 3, 2}, Shape{1, 2, 0, 8}, Shape{1, 6, 2, 24}},  // stride 0 skipped over
      {Shape{1, 3, 4, 3}, Shape{16, 4, 1, 0}, Shape{36, 12, 3, 1}},
      {Shape{3, 3}, Shape{0, 1}, Shape{3, 1}},
      {Shape{3, 3, 3}, Shape{0, 0, 0}, Shape{9, 3, 1}},
      {Shape{2, 1, 3}, Shape{1, 2, 0}, Shape{3, 6, 1}},
      {Shape{4, 1, 1, 1}, Shape{2, 8, 1, 1}, Shape{1, 4, 1, 1}},
      {Shape{3, 1, 3}, Shape{0, 1, 1}, Shape{3, 1, 1}},
      {Shape{3, 1}, Shape{0, 1}, Shape{1, 1}},
      {Shape{1, 2, 3}, Shape{2, 2, 0}, Shape{3, 3, 1}},
      {Shape{3, 3, 3, 3}, Shape{1, 0, 0, 0}, Shape{27, 9, 3, 1}},
      {Shape{3}, Shape{0}, Shape{1}},
  }};
  Tensor storage = zeros({1000}, DType::Float32);
  for (const auto& [sizes, strides, expected] : cases) {
    INFO(shape_str(sizes) << " with strides " << shape_str(strides));
    Tensor x = as_strided(storage, sizes, strides);
    CHECK(empty_like(x, std::nullopt, std::nullopt).strides() == expected);
    CHECK(zeros_like(x).strides() == expected);
  }
}

TEST_CASE("from_scalars converts Python numbers like torch.tensor(data, dtype=...)",
          "[creation]") {
  auto S = [](auto v) { return Scalar(v); };
  Tensor m = from_scalars({2, 2}, {S(int64_t{1}), S(int64_t{2}), S(int64_t{3}), S(int64_t{4})},
                          DType::Int64);
  CHECK(m.sizes() == Shape{2, 2});
  CHECK(m.is_contiguous());
  CHECK(values(m) == std::vector<double>{1, 2, 3, 4});
  CHECK(values(from_scalars({2}, {S(int64_t{1}), S(2.5)}, DType::Int16)) ==
        std::vector<double>{1, 2});
  CHECK(values(from_scalars({2}, {S(2.7), S(-2.7)}, DType::Int64)) == std::vector<double>{2, -2});
  CHECK(values(from_scalars({2}, {S(int64_t{-1}), S(int64_t{255})}, DType::UInt8)) ==
        std::vector<double>{255, 255});
  CHECK(values(from_scalars({3}, {S(1.5), S(-0.0), S(std::complex<double>(0, 1))}, DType::Bool)) ==
        std::vector<double>{1, 0, 1});
  CHECK(values(from_scalars({2}, {S(true), S(int64_t{3})}, DType::Float64)) ==
        std::vector<double>{1, 3});
  // Python turns the int into a double first: two roundings, unlike full().
  CHECK(values(from_scalars({1}, {S((int64_t{1} << 60) + (int64_t{1} << 36) + 1)},
                            DType::Float32)) == std::vector<double>{0x1p60});
  CHECK(values(from_scalars({1}, {S(1e5)}, DType::Float16)) == std::vector<double>{kInf});
  CHECK(values(from_scalars({1}, {S(1e300)}, DType::Float32)) == std::vector<double>{kInf});
  Tensor c = from_scalars({2}, {S(std::complex<double>(1, 2)), S(int64_t{3})}, DType::Complex128);
  CHECK(raw_bits(c) == std::vector<uint64_t>{0x3ff0000000000000, 0x4000000000000000,
                                             0x4008000000000000, 0});
  CHECK(from_scalars({0, 3}, {}, DType::Float32).sizes() == Shape{0, 3});
  CHECK(from_scalars({}, {S(int64_t{5})}, DType::Int8).dim() == 0);
  CHECK_THROWS_MATCHES(from_scalars({1}, {S(int64_t{300})}, DType::UInt8), RuntimeError,
                       Catch::Message("value cannot be converted to type uint8 without overflow"));
  CHECK_THROWS_MATCHES(from_scalars({1}, {S(int64_t{-256})}, DType::UInt8), RuntimeError,
                       Catch::Message("value cannot be converted to type uint8 without overflow"));
  CHECK_THROWS_MATCHES(from_scalars({1}, {S(300.5)}, DType::UInt8), RuntimeError,
                       Catch::Message("value cannot be converted to type uint8 without overflow"));
  CHECK_THROWS_MATCHES(from_scalars({2}, {S(3.0), S(32768.0)}, DType::Int16), RuntimeError,
                       Catch::Message("value cannot be converted to type int16 without overflow"));
  CHECK_THROWS_MATCHES(from_scalars({1}, {S(int64_t{1} << 31)}, DType::Int32), RuntimeError,
                       Catch::Message("value cannot be converted to type int32 without overflow"));
  CHECK_THROWS_MATCHES(from_scalars({1}, {S(int64_t{-129})}, DType::Int8), RuntimeError,
                       Catch::Message("value cannot be converted to type int8 without overflow"));
  CHECK_THROWS_MATCHES(from_scalars({1}, {S(kNaN)}, DType::Int32), RuntimeError,
                       Catch::Message("value cannot be converted to type int32 without overflow"));
  CHECK_THROWS_MATCHES(from_scalars({1}, {S(kInf)}, DType::Int64), RuntimeError,
                       Catch::Message("value cannot be converted to type int64 without overflow"));
  CHECK_THROWS_MATCHES(from_scalars({1}, {S(std::complex<double>(1, 2))}, DType::Float32),
                       TypeError, Catch::Message("must be real number, not complex"));
  CHECK_THROWS_MATCHES(from_scalars({2}, {S(int64_t{3}), S(std::complex<double>(1, 2))},
                                    DType::Int16),
                       TypeError,
                       Catch::Message("'complex' object cannot be interpreted as an integer"));
  CHECK_THROWS_AS(from_scalars({2}, {S(int64_t{1})}, DType::Int64), RuntimeError);
}

TEST_CASE("infer_dtype follows torch.tensor's inference", "[creation]") {
  auto S = [](auto v) { return Scalar(v); };
  CHECK(infer_dtype({}) == DType::Float32);
  CHECK(infer_dtype({S(true), S(false)}) == DType::Bool);
  CHECK(infer_dtype({S(true), S(int64_t{1})}) == DType::Int64);
  CHECK(infer_dtype({S(true), S(1.0)}) == DType::Float32);
  CHECK(infer_dtype({S(int64_t{1}), S(2.5)}) == DType::Float32);
  CHECK(infer_dtype({S(int64_t{1}), S(std::complex<double>(0, 1))}) == DType::Complex64);
  CHECK(infer_dtype({S(true), S(std::complex<double>(0, 1))}) == DType::Complex64);
  set_default_dtype(DType::Float64);
  CHECK(infer_dtype({S(2.5)}) == DType::Float64);
  CHECK(infer_dtype({S(std::complex<double>(0, 1))}) == DType::Complex128);
  CHECK(infer_dtype({}) == DType::Float64);
  set_default_dtype(DType::Float32);
}

TEST_CASE("equal: same sizes and values, compared in the promoted dtype", "[creation][equal]") {
  auto S = [](auto v) { return Scalar(v); };
  Tensor i = from_scalars({2}, {S(int64_t{1}), S(int64_t{2})}, DType::Int64);
  Tensor f = from_scalars({2}, {S(1.0), S(2.0)}, DType::Float32);
  CHECK(equal(i, f));
  CHECK_FALSE(equal(i, from_scalars({2}, {S(1.0), S(2.5)}, DType::Float64)));
  Tensor nan = from_scalars({1}, {S(kNaN)}, DType::Float32);
  CHECK_FALSE(equal(nan, nan));  // NaN never equals, even itself
  CHECK(equal(from_scalars({1}, {S(0.0)}, DType::Float32),
              from_scalars({1}, {S(-0.0)}, DType::Float32)));
  CHECK_FALSE(equal(i, view(i, {1, 2})));  // sizes differ
  Tensor a = view(arange(Scalar(int64_t{0}), Scalar(int64_t{6})), {2, 3});
  CHECK(equal(tsh::t(a), contiguous(tsh::t(a))));  // strides do not matter
  CHECK(equal(from_scalars({}, {S(true)}, DType::Bool), from_scalars({}, {S(1.0)}, DType::Float32)));
  CHECK(equal(zeros({0, 3}, DType::Float32), zeros({0, 3}, DType::Int8)));
  CHECK_FALSE(equal(zeros({0, 3}, DType::Float32), zeros({3, 0}, DType::Float32)));
  CHECK_FALSE(equal(from_scalars({1}, {S(std::complex<double>(1, 1))}, DType::Complex64),
                    from_scalars({1}, {S(1.0)}, DType::Float32)));
  CHECK(equal(zeros({2, 3}, DType::Float32), tsh::t(tsh::t(zeros({2, 3}, DType::Float32)))));
}

TEST_CASE("scalar_type_name spells PyTorch's ScalarType names", "[creation]") {
  CHECK(std::string(scalar_type_name(DType::UInt8)) == "Byte");
  CHECK(std::string(scalar_type_name(DType::Int8)) == "Char");
  CHECK(std::string(scalar_type_name(DType::Int64)) == "Long");
  CHECK(std::string(scalar_type_name(DType::Float16)) == "Half");
  CHECK(std::string(scalar_type_name(DType::Complex128)) == "ComplexDouble");
}
