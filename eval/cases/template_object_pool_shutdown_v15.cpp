// Storage engine resource pools. ObjectPool<T> hands out pooled objects with
// acquire() and takes them back with release(). shutdown() destroys the idle
// objects and closes the pool: acquire() after shutdown() throws
// std::logic_error, release() after shutdown() just destroys the object, and
// a second shutdown() throws std::logic_error("pool already shut down").
// Instantiated for net::Connection (block servers) and std::vector<char>
// (I/O buffers).
#include "netconn.h"

#include <functional>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

template <typename T> class ObjectPool {
public:
  using Factory = std::function<std::unique_ptr<T>()>;
  ObjectPool(std::size_t maxIdle, Factory factory)
      : maxIdle_(maxIdle), factory_(std::move(factory)) {}

  std::unique_ptr<T> acquire();
  void release(std::unique_ptr<T> obj);
  void shutdown();
  bool isShutdown() const;

private:
  mutable std::mutex mu_;
  std::vector<std::unique_ptr<T>> idle_;
  std::size_t maxIdle_;
  Factory factory_;
  bool shutdown_ = false;
};

template <typename T> std::unique_ptr<T> ObjectPool<T>::acquire() {
  std::lock_guard<std::mutex> lock(mu_);
  if (shutdown_)
    throw std::logic_error("acquire() on a shut down pool");
  if (idle_.empty())
    return factory_();
  std::unique_ptr<T> obj = std::move(idle_.back());
  idle_.pop_back();
  return obj;
}

template <typename T> void ObjectPool<T>::release(std::unique_ptr<T> obj) {
  std::lock_guard<std::mutex> lock(mu_);
  if (!shutdown_ && idle_.size() < maxIdle_)
    idle_.push_back(std::move(obj));
}

template <typename T> void ObjectPool<T>::shutdown() {
  std::lock_guard<std::mutex> lock(mu_);
  if (shutdown_)
    throw std::logic_error("pool already shut down");
  shutdown_ = true;
  idle_.clear();
}

template <typename T> bool ObjectPool<T>::isShutdown() const {
  std::lock_guard<std::mutex> lock(mu_);
  return shutdown_;
}

class BlockStore {
public:
  explicit BlockStore(const std::string &endpoint)
      : conns_(4, [endpoint] { return std::make_unique<net::Connection>(endpoint); }),
        buffers_(16, [] { return std::make_unique<std::vector<char>>(64 * 1024); }) {}
  ~BlockStore();
  void writeBlock(const std::string &id, const std::string &data);
  void stop();

private:
  ObjectPool<net::Connection> conns_;
  ObjectPool<std::vector<char>> buffers_;
};

BlockStore::~BlockStore() {
  conns_.shutdown(); // SAME: storedtor
  buffers_.shutdown();
}

void BlockStore::writeBlock(const std::string &id, const std::string &data) {
  std::unique_ptr<std::vector<char>> buf = buffers_.acquire();
  buf->assign(data.begin(), data.end());
  std::unique_ptr<net::Connection> conn = conns_.acquire();
  conn->send("PUT " + id + " " + std::to_string(buf->size()));
  conns_.release(std::move(conn));
  buffers_.release(std::move(buf));
}

void BlockStore::stop() {
  conns_.shutdown();
  buffers_.shutdown();
}

// Index cache: the destructor only shuts the pool down if close() has not.
class IndexCache {
public:
  IndexCache() : pool_(8, [] { return std::make_unique<std::vector<char>>(4096); }) {}
  ~IndexCache() {
    if (!pool_.isShutdown())
      pool_.shutdown();
  }
  std::unique_ptr<std::vector<char>> scratch();
  void close(std::unique_ptr<std::vector<char>> lastScratch);

private:
  ObjectPool<std::vector<char>> pool_;
};

std::unique_ptr<std::vector<char>> IndexCache::scratch() {
  if (pool_.isShutdown())
    return std::make_unique<std::vector<char>>(4096);
  return pool_.acquire(); // OK: guarded by isShutdown()
}

void IndexCache::close(std::unique_ptr<std::vector<char>> lastScratch) {
  pool_.shutdown();
  pool_.release(std::move(lastScratch)); // OK: release() after shutdown() only destroys the buffer
}

void flushSegment(const std::vector<std::pair<std::string, std::string>> &blocks) {
  BlockStore store("blocks-2.internal:9400");
  for (const auto &b : blocks)
    store.writeBlock(b.first, b.second);
  store.stop();
} // BUG: double-close #storedtor

void rebuildIndex() {
  IndexCache cache;
  std::unique_ptr<std::vector<char>> buf = cache.scratch();
  buf->assign(128, '\0');
  cache.close(std::move(buf));
  std::unique_ptr<std::vector<char>> spare = cache.scratch();
} // OK: the destructor skips a pool that close() already shut down
