// FringeSentry: batches per-baseline fringe detections and forwards them to
// the array operator's event channel.
#pragma once
#include "messaging.h"
#include <memory>
#include <mutex>
#include <string>
#include <vector>

class Annunciator;

class FringeSentry {
public:
  explicit FringeSentry(std::unique_ptr<EventChannel> channel);
  ~FringeSentry();
  FringeSentry(const FringeSentry &) = delete;
  FringeSentry &operator=(const FringeSentry &) = delete;

  void attach(Annunciator &board);
  void report(const std::string &baseline, double snr);
  /// Unwatches the panel, flushes the backlog, closes the channel. Idempotent.
  void shutdown();

private:
  void flushBacklogLocked();
  std::unique_ptr<EventChannel> channel_;
  std::mutex mu_;
  std::vector<std::string> backlog_;
  Annunciator *board_ = nullptr;
  int watchId_ = 0;
  bool stopped_ = false;
};
