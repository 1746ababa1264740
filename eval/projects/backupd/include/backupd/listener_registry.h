// ListenerRegistry: progress listeners (std::function) registered by the
// components. fire() copies the listener list under the lock and calls the
// copies outside it, so a listener removed concurrently may still be called
// once after remove() returned; listeners must tolerate that.
#pragma once
#include <functional>
#include <map>
#include <mutex>

#include "backupd/events.h"

namespace backupd {

class ListenerRegistry {
public:
  using Listener = std::function<void(const ProgressEvent &)>;

  int add(Listener listener);
  void remove(int id);
  void fire(const ProgressEvent &event) const;

private:
  mutable std::mutex mu_;
  std::map<int, Listener> listeners_;
  int nextId_ = 1;
};

} // namespace backupd
