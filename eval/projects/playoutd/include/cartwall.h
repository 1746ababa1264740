// Cartwall: the jingle/sweeper cart player. One cart plays at a time on a
// player thread that writes PCM to the sound card's descriptor.
#pragma once
#include "lifecycle.h"
#include <condition_variable>
#include <cstdint>
#include <map>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

class Cartwall : public Stoppable {
public:
  Cartwall(std::string name, int outFd);
  ~Cartwall() override;
  void load(int slot, std::vector<int16_t> pcm);
  void fire(int slot);
  void stop() override;
  bool running() const override;

private:
  std::string name_;
  mutable std::mutex mu_;
  std::condition_variable done_;
  std::map<int, std::vector<int16_t>> carts_;
  std::thread player_;
  bool finished_ = true;
  int out_ = -1;
};
