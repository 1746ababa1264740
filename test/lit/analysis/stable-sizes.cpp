// A close made in the iteration where the counter reaches `v.size() - 1`
// is made in the last iteration when the function never resizes v (a
// non-const reference it only indexes): nothing after it in the loop runs
// again. One that may resize v (push_back in the loop) gives no such bound
// on the loop, though the close still runs once (`last` does not change).
// RUN: %expect_exit 1 %errlint %s --cite=none -- %cxxflags -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <cstddef>
#include <cstdio>
#include <string>
#include <vector>

struct Shard {
  std::string Path;
  bool Dirty = false;
};

void flushAll(std::FILE *control, std::vector<Shard> &shards) {
  const std::size_t last = shards.size() - 1;
  for (std::size_t i = 0; i < shards.size(); ++i) {
    Shard &s = shards[i];
    s.Dirty = false;
    std::fputs(s.Path.c_str(), control);
    if (i == last)
      std::fclose(control);
  }
}

void flushGrowing(std::FILE *control, std::vector<Shard> &shards) {
  const std::size_t last = shards.size() - 1;
  for (std::size_t i = 0; i < shards.size(); ++i) {
    // CHECK: stable-sizes.cpp:[[@LINE+1]]:5: warning: call to 'fputs' on 'control' that may have been closed [errlint-use-after-close]
    std::fputs(shards[i].Path.c_str(), control);
    if (i == last) {
      std::fclose(control);
      shards.push_back(Shard{"spill", true});
    }
  }
}
