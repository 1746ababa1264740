// Registry of lifecycle callbacks shared by the gateway's components.
// Components register with on() and may unregister with off(). fire() runs the
// callbacks registered for a kind synchronously, on the calling thread, outside
// the registry lock (so callbacks may fire or register hooks themselves). An
// exception escaping a callback is reported on stderr and the remaining
// callbacks still run; fire() itself does not throw.
#pragma once
#include <cstddef>
#include <cstdint>
#include <functional>
#include <mutex>
#include <string>
#include <vector>

namespace objgw {

enum class HookKind { ObjectStored, ObjectDeleted, ReplicationDone, BackendDown, Shutdown };

struct HookEvent {
  std::string key;
  std::string payload;
};

class LifecycleHooks {
public:
  using Callback = std::function<void(const HookEvent &)>;
  using Handle = std::uint64_t;

  Handle on(HookKind kind, Callback cb);
  void off(Handle handle);
  void fire(HookKind kind, const HookEvent &event) const;
  std::size_t count(HookKind kind) const;

private:
  struct Entry {
    Handle handle;
    HookKind kind;
    Callback cb;
  };
  mutable std::mutex mu_;
  std::vector<Entry> entries_;
  Handle next_ = 1;
};

} // namespace objgw
