// MixdownArchive: encodes the aired programme into archive takes in the
// background and logs each take to a sidecar as-run file.
#pragma once
#include "asrun.h"
#include "stagehand.h"
#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

class MixdownArchive {
public:
  MixdownArchive(const std::string &directory, const std::string &stamp);
  void submit(std::string item, std::vector<int16_t> pcm);
  int takes() const { return takes_.load(); }

private:
  void encode(const std::string &item, const std::vector<int16_t> &pcm);

  Stagehand encoder_;
  AsrunWriter sidecar_;
  std::string directory_;
  std::atomic<int> takes_{0};
};
