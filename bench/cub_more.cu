// CUB's DeviceHistogram and the read-only floor on the cases the anchor does not
// have: other shapes of its generated images, and real photos. The anchor's own
// image maker, kernels and timing (../shared/anchors/cub_hist.cu, included here
// with its main renamed), warm cache only, rows in its format.
// Usage: cub_more WxH:KIND ... | FILE.rgb:WxH:NAME ...
//   (FILE.rgb: raw 8-bit RGB, as bench/gpu-machine.sh writes a photo with Pillow)
// Build: nvcc -O3 -arch=sm_90 -I ../shared/anchors -o cub_more cub_more.cu
#define main anchor_main
#include "cub_hist.cu"
#undef main

int main(int argc, char** argv) {
  const int iters = 200;
  cudaDeviceProp prop; CK(cudaGetDeviceProperties(&prop, 0));
  printf("%-9s %-10s %-8s %-6s %10s %10s\n", "method", "size", "image", "cache", "median_us", "GB/s");
  for (int a = 1; a < argc; ++a) {
    std::string arg = argv[a], name;
    int w = 0, h = 0;
    std::vector<uint8_t> img;
    size_t colon = arg.find(':');
    if (arg.find(".rgb:") != std::string::npos) {
      size_t c2 = arg.find(':', colon + 1);
      sscanf(arg.c_str() + colon + 1, "%dx%d", &w, &h);
      name = arg.substr(c2 + 1);
      FILE* f = fopen(arg.substr(0, colon).c_str(), "rb");
      if (!f) { fprintf(stderr, "cannot open %s\n", arg.c_str()); return 1; }
      std::vector<uint8_t> rgb((size_t)w * h * 3);
      if (fread(rgb.data(), 1, rgb.size(), f) != rgb.size()) { fprintf(stderr, "short file %s\n", arg.c_str()); return 1; }
      fclose(f);
      img.resize((size_t)w * h * 4);
      for (size_t i = 0; i < (size_t)w * h; ++i) {
        uint8_t r = rgb[i * 3], g = rgb[i * 3 + 1], b = rgb[i * 3 + 2];
        img[i * 4] = r; img[i * 4 + 1] = g; img[i * 4 + 2] = b; img[i * 4 + 3] = lum_byte(r, g, b);
      }
    } else {
      sscanf(arg.c_str(), "%dx%d", &w, &h);
      name = arg.substr(colon + 1);
      img = make_image(name, w, h);
    }
    size_t n = (size_t)w * h, bytes = n * 4;
    std::vector<unsigned> ref(1024, 0);
    for (size_t i = 0; i < n; ++i) for (int c = 0; c < 4; ++c) ref[img[i * 4 + c] * 4 + c]++;
    uint8_t* d; CK(cudaMalloc(&d, bytes)); CK(cudaMemcpy(d, img.data(), bytes, cudaMemcpyHostToDevice));
    unsigned* dh[4]; for (int c = 0; c < 4; ++c) CK(cudaMalloc(&dh[c], 256 * 4));
    unsigned* dp; CK(cudaMalloc(&dp, 1024 * 4));
    int num_levels[4] = {257, 257, 257, 257};
    unsigned lower[4] = {0, 0, 0, 0}, upper[4] = {256, 256, 256, 256};
    size_t tmp_bytes = 0; void* tmp = nullptr;
    CK((cub::DeviceHistogram::MultiHistogramEven<4, 4>(tmp, tmp_bytes, d, dh, num_levels, lower, upper, (int)n)));
    CK(cudaMalloc(&tmp, tmp_bytes));
    cudaEvent_t ea, eb; CK(cudaEventCreate(&ea)); CK(cudaEventCreate(&eb));
    for (int method : {0, 2}) {
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
        std::vector<unsigned> got(1024);
        for (int c = 0; c < 4; ++c) {
          std::vector<unsigned> t(256); CK(cudaMemcpy(t.data(), dh[c], 1024, cudaMemcpyDeviceToHost));
          for (int i = 0; i < 256; ++i) got[i * 4 + c] = t[i];
        }
        if (got != ref) printf("MISMATCH cub %s\n", name.c_str());
      }
      std::vector<float> t;
      for (int it = 0; it < 10; ++it) launch();
      for (int it = 0; it < iters; ++it) {
        CK(cudaEventRecord(ea)); launch(); CK(cudaEventRecord(eb)); CK(cudaEventSynchronize(eb));
        float ms; CK(cudaEventElapsedTime(&ms, ea, eb)); t.push_back(ms * 1000.f);
      }
      float us = median(t);
      char szs[32]; snprintf(szs, sizeof szs, "%dx%d", w, h);
      printf("%-9s %-10s %-8s %-6s %10.2f %10.1f\n", method == 0 ? "cub" : "readonly", szs, name.c_str(), "warm", us, bytes / (us * 1e3));
    }
    cudaFree(d); for (int c = 0; c < 4; ++c) cudaFree(dh[c]); cudaFree(dp); cudaFree(tmp);
  }
  return 0;
}
