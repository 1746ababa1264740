// Annunciator: the alarm panel. Components subscribe as AlarmListener (raw
// pointers, owned elsewhere) or register std::function watchers; raise()
// notifies every subscriber outside the panel's lock.
#pragma once
#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <vector>

struct Alarm {
  enum class Severity { Info, Minor, Major, Critical };
  Severity severity = Severity::Info;
  std::string source;
  std::string text;
};

class AlarmListener {
public:
  virtual ~AlarmListener() = default;
  virtual void onAlarm(const Alarm &alarm) = 0;
};

class Annunciator {
public:
  using Watcher = std::function<void(const Alarm &)>;

  void subscribe(AlarmListener *listener);
  void unsubscribe(AlarmListener *listener);
  int watch(Watcher watcher);
  void unwatch(int id);
  void raise(const Alarm &alarm);
  std::vector<Alarm> recent() const;

private:
  mutable std::mutex mu_;
  std::vector<AlarmListener *> listeners_;
  std::map<int, Watcher> watchers_;
  std::vector<Alarm> recent_;
  int nextId_ = 1;
};
