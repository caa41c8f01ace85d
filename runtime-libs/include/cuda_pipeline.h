/* oxicc built-in header: <cuda_pipeline.h>: the pipeline primitives
 * (<cuda_pipeline_primitives.h>) and, in C++, cuda::pipeline (<cuda/pipeline>). */
#pragma once
#include <cuda_pipeline_primitives.h>
#include <cuda/pipeline>
