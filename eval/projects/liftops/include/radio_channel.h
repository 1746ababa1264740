// RadioChannel: a trunked-radio talk group (grooming fleet, patrol
// handsets). transmit() throws once closed; close() throws when already
// closed; retune() moves to a new frequency and reopens the channel.
#pragma once
#include <mutex>
#include <string>
#include <vector>

namespace liftops {

class RadioChannel {
public:
  RadioChannel(std::string name, double freqMhz);
  ~RadioChannel();
  RadioChannel(const RadioChannel &) = delete;
  RadioChannel &operator=(const RadioChannel &) = delete;

  void transmit(const std::string &unit, const std::string &text);
  void retune(double freqMhz);
  void close();
  bool isOpen() const;
  const std::string &name() const { return name_; }

private:
  enum class State { Open, Closed };
  mutable std::mutex mu_;
  std::string name_;
  double freqMhz_;
  State state_ = State::Open;
  std::vector<std::string> sent_;
};

} // namespace liftops
