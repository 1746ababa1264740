// PlayoutDeck: one playout channel; items are cued then played to the
// deck's output descriptor while the audio clock ticks.
#pragma once
#include "lifecycle.h"
#include <cstdint>
#include <mutex>
#include <string>
#include <vector>

class PlayoutDeck : public Stoppable {
public:
  enum class State { Idle, Cued, OnAir, Closed };

  PlayoutDeck(std::string name, int outFd);
  ~PlayoutDeck() override;
  /// cue() and play() throw once the deck is closed.
  void cue(const std::string &item);
  void play();
  /// Called by the audio clock thread for every block.
  void segueTick(const std::vector<int16_t> &block);
  void stop() override;
  bool running() const override;
  State state() const;
  const std::string &name() const { return name_; }

private:
  std::string name_;
  mutable std::mutex mu_;
  State state_ = State::Idle;
  std::string item_;
  int out_ = -1;
};
