// Which slots the CUDA kernels fill, for their host build.
#define TSH_CUDA_ON_HOST 1
#include "engine/cuda/slots.cpp"
