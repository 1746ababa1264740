// AlarmBus: the observer list for technical alarms (stale links, fire, offline).
#pragma once

#include <cstddef>
#include <mutex>
#include <string>
#include <vector>

namespace tubed {

enum class Severity { Info = 0, Warning = 1, Critical = 2 };

struct Alarm {
  Severity severity;
  std::string source;
  std::string text;
};

class AlarmObserver {
 public:
  virtual ~AlarmObserver();
  virtual void on_alarm(const Alarm& alarm) = 0;
};

class AlarmBus {
 public:
  void subscribe(AlarmObserver* observer);
  // Observers call this from their destructor; it waits for a publish() in progress.
  void unsubscribe(AlarmObserver* observer);
  void publish(const Alarm& alarm);
  std::size_t observers() const;

 private:
  mutable std::recursive_mutex mu_;
  std::vector<AlarmObserver*> observers_;
};

}  // namespace tubed
