// Generic object pool of a reporting service, instantiated for upstream
// connections (net::Connection) and for export cursors (ExportCursor, a small
// class defined here). ObjectPool<T> semantics: acquire() throws
// std::runtime_error("pool closed") after close(); tryAcquire() returns
// std::nullopt instead; close() is idempotent, waits until every lease has
// been returned and then closes each pooled object exactly once.
// ExportCursor::close() throws std::logic_error when called twice and
// fetch() throws once closed.
//
// This code is correct: pooled objects are closed only inside close(), after
// the outstanding-lease count dropped to zero, so no lease can observe a
// closed object; each object leaves the Idle list as it is closed, so none
// is closed twice; the second pool close() returns early; after close()
// callers use tryAcquire(), which does not touch any pooled object.
#include "netconn.h"

#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

class ExportCursor {
public:
  explicit ExportCursor(int Id) : Id(Id) {}
  std::string fetch() {
    if (Closed)
      throw std::runtime_error("cursor closed");
    return "row-" + std::to_string(Id) + "-" + std::to_string(Row++);
  }
  void close() {
    if (Closed)
      throw std::logic_error("cursor closed twice");
    Closed = true;
  }

private:
  int Id;
  int Row = 0;
  bool Closed = false;
};

template <typename T> class ObjectPool {
public:
  using Factory = std::function<std::unique_ptr<T>()>;

  class Lease {
  public:
    Lease(ObjectPool *Pool, std::unique_ptr<T> Obj) : Pool(Pool), Obj(std::move(Obj)) {}
    Lease(Lease &&Other) noexcept : Pool(Other.Pool), Obj(std::move(Other.Obj)) {}
    Lease(const Lease &) = delete;
    ~Lease() {
      if (Obj)
        Pool->release(std::move(Obj));
    }
    T *operator->() { return Obj.get(); }

  private:
    ObjectPool *Pool;
    std::unique_ptr<T> Obj;
  };

  explicit ObjectPool(Factory Make) : Make(std::move(Make)) {}
  ~ObjectPool() { close(); }

  Lease acquire() {
    std::optional<Lease> L = tryAcquire();
    if (!L)
      throw std::runtime_error("pool closed");
    return std::move(*L);
  }

  std::optional<Lease> tryAcquire() {
    std::unique_lock<std::mutex> Lock(Mu);
    if (Closed)
      return std::nullopt;
    ++Outstanding;
    if (Idle.empty()) {
      Lock.unlock();
      return Lease(this, Make());
    }
    std::unique_ptr<T> Obj = std::move(Idle.back());
    Idle.pop_back();
    return Lease(this, std::move(Obj));
  }

  void close() {
    std::unique_lock<std::mutex> Lock(Mu);
    if (Closed)
      return;
    Closed = true;
    AllReturned.wait(Lock, [this] { return Outstanding == 0; });
    while (!Idle.empty()) {
      Idle.back()->close(); // OK: every lease is back, each object is closed once and dropped
      Idle.pop_back();
    }
  }

private:
  void release(std::unique_ptr<T> Obj) {
    std::lock_guard<std::mutex> Lock(Mu);
    Idle.push_back(std::move(Obj));
    if (--Outstanding == 0)
      AllReturned.notify_all();
  }

  Factory Make;
  std::mutex Mu;
  std::condition_variable AllReturned;
  std::vector<std::unique_ptr<T>> Idle;
  int Outstanding = 0;
  bool Closed = false;
};

int main() {
  ObjectPool<net::Connection> Upstreams(
      [] { return std::make_unique<net::Connection>("reports-db:5432"); });
  int NextCursor = 0;
  std::mutex CursorMu;
  ObjectPool<ExportCursor> Cursors([&] {
    std::lock_guard<std::mutex> Lock(CursorMu);
    return std::make_unique<ExportCursor>(NextCursor++);
  });

  std::vector<std::thread> Workers;
  for (int W = 0; W < 4; ++W) {
    Workers.emplace_back([&Upstreams, &Cursors, W] {
      for (int I = 0; I < 50; ++I) {
        auto Conn = Upstreams.acquire(); // OK: the pool is closed only after the workers are joined
        Conn->send("report " + std::to_string(W) + "/" + std::to_string(I)); // OK: a leased connection is never closed
        Conn->flush(); // OK
        auto Cursor = Cursors.acquire(); // OK
        Conn->send(Cursor->fetch()); // OK: the cursor is closed only after all leases return
      }
    });
  }
  for (std::thread &T : Workers)
    T.join();

  Upstreams.close();
  Cursors.close();
  if (auto Late = Upstreams.tryAcquire()) // OK: tryAcquire() returns nullopt after close()
    (*Late)->send("never reached");
  Upstreams.close(); // OK: close() is idempotent
  return 0;
}
