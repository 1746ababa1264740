// Front-of-house notifications (house open, curtain up, interval, curtain
// down) batched onto the venue's event channel for the box office and bars.
#pragma once
#include "beatkeeper.h"
#include <messaging.h>
#include <mutex>
#include <string>
#include <vector>

namespace cued {

class FohNotifier {
public:
  /// The channel belongs to the caller; the notifier closes it when done.
  explicit FohNotifier(EventChannel &channel);
  ~FohNotifier();
  FohNotifier(const FohNotifier &) = delete;
  FohNotifier &operator=(const FohNotifier &) = delete;

  /// Flushes the batch once a second on `beat`.
  void attach(Beatkeeper &beat);
  void detach();

  void post(std::string event);
  void flush();
  /// Closes the channel.
  void stop();
  void shutdown();

private:
  EventChannel &chan_;
  std::mutex mu_;
  std::vector<std::string> pending_;
  bool stopped_ = false;
  Beatkeeper *beat_ = nullptr;
  Beatkeeper::Token token_ = 0;
};

} // namespace cued
