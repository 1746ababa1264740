// Shared equipment of a quilting guild's workroom: long-arm machines,
// pattern sheets checked out of the pattern library and connections to the
// fabric shop's order desk are handed out through one lease-pool template.
// Negative case: the pool refuses acquire() after shutdown() (callers check
// accepting() first), shutdown() closes only the idle resources and may be
// called again, and a resource returned after shutdown is closed by
// release() instead of going back to the idle list, so every resource is
// closed exactly once and never used after its close.
#include "netconn.h"

#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

template <typename R> class LeasePool {
public:
  using Factory = std::function<std::unique_ptr<R>()>;
  LeasePool(std::string name, Factory make) : name_(std::move(name)), make_(std::move(make)) {}
  ~LeasePool() { shutdown(); } // OK

  std::unique_ptr<R> acquire() {
    if (shutDown_)
      throw std::logic_error(name_ + " pool is shut down");
    if (idle_.empty())
      return make_();
    std::unique_ptr<R> r = std::move(idle_.back());
    idle_.pop_back();
    return r;
  }

  void release(std::unique_ptr<R> r) {
    if (!r)
      return;
    if (shutDown_) {
      r->close(); // OK
      return;
    }
    idle_.push_back(std::move(r));
  }

  void shutdown() {
    if (shutDown_)
      return;
    shutDown_ = true;
    for (std::unique_ptr<R> &r : idle_)
      r->close(); // OK
    idle_.clear();
  }

  bool accepting() const { return !shutDown_; }

private:
  std::string name_;
  Factory make_;
  std::vector<std::unique_ptr<R>> idle_;
  bool shutDown_ = false;
};

class LongArm {
public:
  void stitch(const std::string &pattern, int passes) {
    if (closed_)
      throw std::runtime_error("long-arm powered down");
    stitched_ += passes;
    last_ = pattern;
  }
  void close() {
    if (closed_)
      throw std::runtime_error("long-arm already powered down");
    closed_ = true;
  }

private:
  bool closed_ = false;
  int stitched_ = 0;
  std::string last_;
};

class PatternSheet {
public:
  std::string read() const {
    if (closed_)
      throw std::runtime_error("pattern sheet returned to library");
    return "log-cabin";
  }
  void close() {
    if (closed_)
      throw std::runtime_error("pattern sheet already returned");
    closed_ = true;
  }

private:
  bool closed_ = false;
};

struct Workroom {
  LeasePool<LongArm> machines{"long-arm", [] { return std::make_unique<LongArm>(); }};
  LeasePool<PatternSheet> patterns{"patterns", [] { return std::make_unique<PatternSheet>(); }};
  LeasePool<net::Connection> shop{"fabric-shop", [] {
    return std::make_unique<net::Connection>("shop.example:7000");
  }};
};

bool quiltSession(Workroom &room, int passes) {
  if (!room.machines.accepting() || !room.patterns.accepting())
    return false;
  std::unique_ptr<LongArm> machine = room.machines.acquire(); // OK
  std::unique_ptr<PatternSheet> sheet = room.patterns.acquire();
  machine->stitch(sheet->read(), passes);
  room.patterns.release(std::move(sheet));
  room.machines.release(std::move(machine));
  return true;
}

void orderFabric(Workroom &room, const std::string &bolt) {
  if (!room.shop.accepting())
    return;
  std::unique_ptr<net::Connection> desk = room.shop.acquire();
  desk->send("ORDER " + bolt);
  desk->flush();
  room.shop.release(std::move(desk));
}

void closeWorkroom(Workroom &room) {
  room.machines.shutdown();
  room.patterns.shutdown();
  room.shop.shutdown();
  orderFabric(room, "backing-muslin"); // OK
}
