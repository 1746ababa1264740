// goniod — safety notices forwarded to the personnel-safety event channel.
#pragma once
#include <mutex>
#include <string>

#include "messaging.h"

namespace goniod {

class SafetyNotices {
public:
  explicit SafetyNotices(EventChannel &channel);
  ~SafetyNotices();
  SafetyNotices(const SafetyNotices &) = delete;
  SafetyNotices &operator=(const SafetyNotices &) = delete;

  void notify(const std::string &text);
  void close();

private:
  enum class State { Live, Closed };
  EventChannel &channel_;
  std::mutex mu_;
  State state_ = State::Live;
};

} // namespace goniod
