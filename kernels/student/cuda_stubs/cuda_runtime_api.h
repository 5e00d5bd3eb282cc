// Parsing only (app/student/cuda_rewrite.cpp): the front end declares what a kernel file uses
// from the CUDA runtime in cuda_parse_prelude.h, and leaves the #include out of the rewrite.
#pragma once
