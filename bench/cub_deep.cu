// CUB's DeviceHistogram::MultiHistogramEven on 16-bit samples beside the deep
// method (issue #23): R, G, B and a luminance channel (computed here, as the
// anchor's 8-bit images carry theirs), 4096 and 65536 bins, and the read-only
// floor of the same 8 bytes a pixel. The anchor's kernels and timing
// (../shared/anchors/cub_hist.cu, included with its main renamed), warm cache only.
// CUB bins 16-bit samples evenly over [0, 65536): floor(s * N / 65536), where
// ours is floor(s * N / 65535); the times do not depend on it, and each channel's
// counts are checked to add up to the pixels.
// Usage: cub_deep FILE.rgba16:WxH:NAME ...  (raw little-endian RGBA16, as
//   bench/probes/deep_image.rs writes the pictures of `histogram bench --bits 16`)
// Build: nvcc -O3 -arch=sm_90 -I ../shared/anchors -o cub_deep cub_deep.cu
#define main anchor_main
#include "cub_hist.cu"
#undef main

int main(int argc, char** argv) {
  const int iters = 100;
  cudaDeviceProp prop; CK(cudaGetDeviceProperties(&prop, 0));
  printf("%-9s %-10s %-8s %6s %10s %10s\n", "method", "size", "image", "bins", "median_us", "GB/s");
  for (int a = 1; a < argc; ++a) {
    std::string arg = argv[a];
    size_t c1 = arg.find(':'), c2 = arg.find(':', c1 + 1);
    int w = 0, h = 0;
    sscanf(arg.c_str() + c1 + 1, "%dx%d", &w, &h);
    std::string name = arg.substr(c2 + 1);
    size_t n = (size_t)w * h, bytes = n * 8;
    std::vector<uint16_t> img(n * 4);
    FILE* f = fopen(arg.substr(0, c1).c_str(), "rb");
    if (!f || fread(img.data(), 1, bytes, f) != bytes) { fprintf(stderr, "cannot read %s\n", arg.c_str()); return 1; }
    fclose(f);
    for (size_t i = 0; i < n; ++i) {
      uint32_t r = img[i * 4], g = img[i * 4 + 1], b = img[i * 4 + 2];
      img[i * 4 + 3] = (uint16_t)((2126 * r + 7152 * g + 722 * b + 5000) / 10000);
    }
    uint16_t* d; CK(cudaMalloc(&d, bytes)); CK(cudaMemcpy(d, img.data(), bytes, cudaMemcpyHostToDevice));
    unsigned* dp; CK(cudaMalloc(&dp, 1024 * 4));
    for (int bins : {4096, 65536}) {
      unsigned* dh[4]; for (int c = 0; c < 4; ++c) CK(cudaMalloc(&dh[c], (size_t)bins * 4));
      int num_levels[4] = {bins + 1, bins + 1, bins + 1, bins + 1};
      int lower[4] = {0, 0, 0, 0}, upper[4] = {65536, 65536, 65536, 65536};
      size_t tmp_bytes = 0; void* tmp = nullptr;
      CK((cub::DeviceHistogram::MultiHistogramEven<4, 4>(tmp, tmp_bytes, d, dh, num_levels, lower, upper, (int)n)));
      CK(cudaMalloc(&tmp, tmp_bytes));
      cudaEvent_t ea, eb; CK(cudaEventCreate(&ea)); CK(cudaEventCreate(&eb));
      for (int method : {0, 2}) {
        if (method == 2 && bins != 4096) continue;  // the floor does not depend on the bins
        auto launch = [&]() {
          if (method == 0) {
            CK((cub::DeviceHistogram::MultiHistogramEven<4, 4>(tmp, tmp_bytes, d, dh, num_levels, lower, upper, (int)n)));
          } else {
            read_only<<<prop.multiProcessorCount * 8, 512>>>((const uint4*)d, bytes / 16, dp);
            CK(cudaGetLastError());
          }
        };
        launch(); CK(cudaDeviceSynchronize());
        if (method == 0) {
          std::vector<unsigned> t(bins);
          for (int c = 0; c < 4; ++c) {
            CK(cudaMemcpy(t.data(), dh[c], (size_t)bins * 4, cudaMemcpyDeviceToHost));
            size_t total = 0; for (unsigned v : t) total += v;
            if (total != n) printf("MISMATCH cub %s channel %d: %zu of %zu\n", name.c_str(), c, total, n);
          }
        }
        std::vector<float> t;
        for (int it = 0; it < 10; ++it) launch();
        for (int it = 0; it < iters; ++it) {
          CK(cudaEventRecord(ea)); launch(); CK(cudaEventRecord(eb)); CK(cudaEventSynchronize(eb));
          float ms; CK(cudaEventElapsedTime(&ms, ea, eb)); t.push_back(ms * 1000.f);
        }
        float us = median(t);
        char szs[32]; snprintf(szs, sizeof szs, "%dx%d", w, h);
        printf("%-9s %-10s %-8s %6d %10.2f %10.1f\n", method == 0 ? "cub" : "readonly", szs, name.c_str(), method == 0 ? bins : 0, us, bytes / (us * 1e3));
      }
      for (int c = 0; c < 4; ++c) cudaFree(dh[c]);
      cudaFree(tmp);
    }
    cudaFree(d); cudaFree(dp);
  }
  return 0;
}
