// MpxBank: the bank of MPX generator cards, shared by the live renderer
// thread and the engineers' test-tone requests.
#pragma once
#include "lending.h"
#include "mpx_generator.h"
#include <atomic>
#include <functional>
#include <string>
#include <thread>
#include <vector>

class MpxBank {
public:
  using Source = std::function<std::vector<int16_t>()>;

  explicit MpxBank(const std::vector<std::string> &cards);
  ~MpxBank();
  void start(Source source);
  bool renderOnce(const std::vector<int16_t> &block);
  void stop();

private:
  Pool<MpxEncoder> pool_;
  std::atomic<bool> running_{false};
  std::thread renderer_;
};
