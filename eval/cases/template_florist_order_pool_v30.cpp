// Florist chain: wedding and funeral orders are relayed to the partner shops
// over pooled connections, and the delivery vans are reached over a pooled
// radio link. Both pools come from one template; a pool that has been shut
// down refuses leases and returns, and a returned lease is never used again.
// Negative case: every lease is used only while the pool is open and before
// it is given back, and shutdown() is guarded so a second call is a no-op.
#include "netconn.h"

#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

class VanRadio {
public:
  explicit VanRadio(std::string van) : van_(std::move(van)) {}
  void call(const std::string &msg) {
    if (closed_)
      throw std::runtime_error("radio to " + van_ + " closed");
    last_ = msg;
  }
  void close() { closed_ = true; }
  bool isClosed() const { return closed_; }

private:
  std::string van_;
  std::string last_;
  bool closed_ = false;
};

template <typename Conn> class LeasePool {
public:
  explicit LeasePool(std::vector<std::string> endpoints) {
    for (auto &ep : endpoints)
      idle_.push_back(std::make_unique<Conn>(std::move(ep)));
  }

  std::unique_ptr<Conn> acquire() {
    if (shutDown_)
      throw std::logic_error("pool is shut down");
    if (idle_.empty())
      return nullptr;
    std::unique_ptr<Conn> c = std::move(idle_.back());
    idle_.pop_back();
    return c;
  }

  void release(std::unique_ptr<Conn> c) {
    if (!c)
      return;
    if (shutDown_) {
      c->close();
      return;
    }
    idle_.push_back(std::move(c));
  }

  void shutdown() {
    if (shutDown_)
      return;
    shutDown_ = true;
    for (auto &c : idle_)
      c->close(); // OK
    idle_.clear();
  }

  bool isShutDown() const { return shutDown_; }

private:
  std::vector<std::unique_ptr<Conn>> idle_;
  bool shutDown_ = false;
};

struct Order {
  std::string shop;
  std::string bouquet;
  std::string van;
  bool funeral = false;
};

bool relayOrder(LeasePool<net::Connection> &shops, const Order &o) {
  if (shops.isShutDown())
    return false;
  std::unique_ptr<net::Connection> conn = shops.acquire(); // OK
  if (!conn)
    return false;
  conn->send((o.funeral ? "FUNERAL " : "ORDER ") + o.shop + " " + o.bouquet);
  conn->flush(); // OK
  shops.release(std::move(conn));
  return true;
}

void dispatchVan(LeasePool<VanRadio> &radios, const Order &o) {
  if (radios.isShutDown())
    return;
  auto radio = radios.acquire();
  if (!radio)
    return;
  radio->call("collect " + o.bouquet + " for " + o.shop); // OK
  radios.release(std::move(radio));
}

void closingTime(LeasePool<net::Connection> &shops, LeasePool<VanRadio> &radios,
                 const std::vector<Order> &lastOrders) {
  for (const Order &o : lastOrders) {
    if (relayOrder(shops, o))
      dispatchVan(radios, o);
  }
  shops.shutdown();
  radios.shutdown();
  shops.shutdown(); // OK
  for (const Order &o : lastOrders)
    dispatchVan(radios, o); // OK
}
