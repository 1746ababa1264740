// PatrolRoster: the patrollers on shift, each with a radio handset. Severe
// incidents on the dispatch channel page everyone.
#pragma once
#include <map>
#include <memory>
#include <mutex>
#include <string>

#include "patrol_dispatch.h"
#include "radio_channel.h"

namespace liftops {

class PatrolRoster {
public:
  explicit PatrolRoster(std::shared_ptr<DispatchChannel> dispatch);
  ~PatrolRoster();

  void signOn(const std::string &patroller, double freqMhz);
  void signOff(const std::string &patroller);
  void pageAll(const std::string &text);
  void endShift();

private:
  std::shared_ptr<DispatchChannel> dispatch_;
  std::mutex mu_;
  std::map<std::string, std::unique_ptr<RadioChannel>> handsets_;
  int token_ = 0;
};

} // namespace liftops
