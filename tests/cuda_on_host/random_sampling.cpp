// The CUDA kernels of engine/cuda/random_sampling.cu built for the host (engine/cuda/portable.h says why).
#define TSH_CUDA_ON_HOST 1
#include "engine/cuda/random_sampling.cu"
