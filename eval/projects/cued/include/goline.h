// The go line: desk commands queue here and a single thread carries them out
// in order, so GOs never overtake each other.
#pragma once
#include "deskbridge.h"
#include "deskwire.h"
#include "holdline.h"
#include <mutex>
#include <thread>

namespace cued {

class GoLine {
public:
  explicit GoLine(DeskBridge &bridge);
  ~GoLine();
  GoLine(const GoLine &) = delete;
  GoLine &operator=(const GoLine &) = delete;

  /// Opens the line and starts its thread.
  void start();
  /// Closes the line and joins its thread; calls still queued are dropped.
  void stop();
  /// Queues a command. Throws std::runtime_error while the line is stopped.
  void submit(DeskCommand cmd);
  /// Queues a command if the line is open and not full.
  bool offer(DeskCommand cmd);

private:
  void run();

  DeskBridge &bridge_;
  Holdline<DeskCommand> calls_{64};
  std::mutex lifecycle_;
  std::thread worker_;
};

} // namespace cued
