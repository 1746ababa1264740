// Routes desk commands to the stack player and the callboard, and commits
// the consumed offsets once commands have been carried out.
#pragma once
#include "callboard.h"
#include "deskwire.h"
#include "stackplayer.h"
#include <mutex>

namespace cued {

class DeskBridge {
public:
  /// Shares the desk consumer with the tablet inbox; closes it on
  /// destruction.
  DeskBridge(RdKafka::KafkaConsumer *consumer, Callboard &board,
             StackPlayer &player);
  ~DeskBridge();
  DeskBridge(const DeskBridge &) = delete;
  DeskBridge &operator=(const DeskBridge &) = delete;

  /// Carries out one command; false if it was refused.
  bool route(const DeskCommand &cmd);
  /// Commits the offsets of the commands routed so far.
  void commitProcessed();

private:
  RdKafka::KafkaConsumer *consumer_;
  Callboard &board_;
  StackPlayer &player_;
  std::mutex mu_;
  std::size_t uncommitted_ = 0;
};

} // namespace cued
