// ConnPool: the pool of BackendConn to one backend.
//
//  - acquire() hands out an open connection, reusing an idle one or dialling a
//    new one. It throws std::logic_error once the pool is closed (close() or
//    closeAll()), std::runtime_error when the pool is exhausted, and the
//    BackendConn errors when a new connection cannot be established.
//  - release(conn) takes back a HEALTHY, OPEN connection: it runs the reset
//    query on it (so the next borrower does not inherit SET values, temp
//    tables, advisory locks) and parks it as idle. Broken connections, and
//    connections the caller closed, must be given back with discard().
//    After close()/closeAll(), release() only closes the connection (if it is
//    still open) and forgets it.
//  - discard(conn) closes the connection if it is still open and forgets it.
//  - close(): graceful stop, used when a backend is reconfigured away. No more
//    acquire()/prefill(); idle connections are closed now, borrowed ones when
//    they come back. Idempotent.
//  - closeAll(): hard stop used at shutdown. Closes every connection the pool
//    owns, idle and borrowed, so call it only once the workers have stopped.
//    Idempotent.
//  - prefill(n) opens connections until n are idle; throws std::logic_error
//    once the pool is closed.
//  - closeIdle() closes the idle connections now (backend went down); the pool
//    stays open.
//  - shrink() closes idle connections unused for longer than idleTimeout,
//    keeping at least minIdle of them.
// Thread-safe.
#pragma once
#include "sqlproxy/BackendConn.h"
#include "sqlproxy/ProxyConfig.h"
#include <cstddef>
#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <string>

namespace sqlproxy {

class ConnPool {
public:
  struct Stats {
    std::size_t idle = 0;
    std::size_t borrowed = 0;
    std::size_t total = 0;
  };

  ConnPool(BackendAddr addr, BackendAuth auth, PoolSettings settings);
  ~ConnPool();
  ConnPool(const ConnPool &) = delete;
  ConnPool &operator=(const ConnPool &) = delete;

  std::shared_ptr<BackendConn> acquire();
  void release(std::shared_ptr<BackendConn> conn);
  void discard(const std::shared_ptr<BackendConn> &conn);
  void prefill(std::size_t n);
  void closeIdle();
  std::size_t shrink();
  void close();
  void closeAll();

  const BackendAddr &address() const { return addr_; }
  Stats stats() const;

private:
  enum class State { Open, Draining, Closed };

  std::shared_ptr<BackendConn> createConn();
  void closeIdleLocked();

  const BackendAddr addr_;
  const BackendAuth auth_;
  const PoolSettings settings_;

  mutable std::mutex mu_;
  State state_ = State::Open;
  std::map<uint64_t, std::shared_ptr<BackendConn>> all_; // every connection the pool owns
  std::deque<std::shared_ptr<BackendConn>> idle_;         // used LIFO from the back
  std::size_t borrowed_ = 0;
  std::size_t dialing_ = 0;
};

} // namespace sqlproxy
