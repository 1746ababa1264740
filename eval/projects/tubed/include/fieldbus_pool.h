// FieldbusPool and Lease: the blower and diverter controllers share one pool of fieldbus
// connections; a Lease borrows one and hands it back in its destructor.
#pragma once

#include <atomic>
#include <cstddef>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "fieldbus.h"

namespace tubed {

class FieldbusPool;

class Lease {
 public:
  Lease(std::shared_ptr<FieldbusPool> pool, std::unique_ptr<FieldbusConnection> conn);
  ~Lease();
  Lease(Lease&& other) noexcept;
  Lease& operator=(Lease&& other) noexcept;
  Lease(const Lease&) = delete;
  Lease& operator=(const Lease&) = delete;

  FieldbusConnection* operator->() const;  // throws std::logic_error on an empty lease
  FieldbusConnection& operator*() const;
  FieldbusConnection* get() const;
  explicit operator bool() const;
  // Closes a faulted connection; it is dropped instead of going back to the pool.
  void discard();

 private:
  void give_back();

  std::shared_ptr<FieldbusPool> pool_;
  std::unique_ptr<FieldbusConnection> conn_;
  bool discarded_ = false;
};

class FieldbusPool : public std::enable_shared_from_this<FieldbusPool> {
 public:
  FieldbusPool(std::string endpoint, std::size_t max_idle);
  ~FieldbusPool();
  FieldbusPool(const FieldbusPool&) = delete;
  FieldbusPool& operator=(const FieldbusPool&) = delete;

  // Throws std::runtime_error("fieldbus pool shut down") after shutdown(), or when a new
  // connection cannot be established.
  Lease acquire();
  void give_back(std::unique_ptr<FieldbusConnection> conn);
  // Idempotent: closes the idle connections; connections returned later are closed on arrival.
  void shutdown();
  bool accepting() const;

 private:
  std::unique_ptr<FieldbusConnection> open_one();

  std::string endpoint_;
  std::size_t max_idle_;
  mutable std::mutex mu_;
  std::vector<std::unique_ptr<FieldbusConnection>> idle_;
  bool shut_ = false;
  std::atomic<int> next_id_{1};
};

}  // namespace tubed
