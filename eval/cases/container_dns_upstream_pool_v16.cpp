// DNS forwarder: a resolver keeps one Upstream connection per nameserver
// address in a std::map, marks upstreams down when health checks fail,
// retires them on config reload, and closes them all on shutdown.
// Upstream semantics: query() throws std::runtime_error once the upstream is
// closed; close() is idempotent; reopen() makes a closed upstream usable again.
// std::map never moves its elements, so a reference taken with at() keeps
// naming the same Upstream until that key is erased.
#include <iostream>
#include <map>
#include <stdexcept>
#include <string>
#include <utility>

class Upstream {
public:
  explicit Upstream(std::string addr) : addr_(std::move(addr)) {}
  std::string query(const std::string &name) {
    if (closed_)
      throw std::runtime_error("upstream " + addr_ + " closed, cannot resolve " + name);
    ++queries_;
    return name + " A 192.0.2." + std::to_string(queries_ % 250);
  }
  void close() { closed_ = true; }
  void reopen() { closed_ = false; }
  bool closed() const { return closed_; }
  const std::string &addr() const { return addr_; }

private:
  std::string addr_;
  int queries_ = 0;
  bool closed_ = false;
};

class Resolver {
public:
  void add(const std::string &addr) {
    upstreams_.emplace(addr, Upstream(addr));
    if (primary_.empty())
      primary_ = addr;
  }
  Upstream &byAddr(const std::string &addr) { return upstreams_.at(addr); }

  // Health check failed: stop talking to this server until it recovers.
  void markDown(const std::string &addr) { upstreams_.at(addr).close(); }

  // Config reload removed this server.
  void retire(const std::string &addr) {
    upstreams_.at(addr).close();
    upstreams_.erase(addr);
    if (primary_ == addr)
      primary_ = upstreams_.empty() ? std::string() : upstreams_.begin()->first;
  }

  std::string resolve(const std::string &name) {
    return upstreams_.at(primary_).query(name); // SAME: primarydown
  }

  void closeAll() {
    for (auto &kv : upstreams_)
      kv.second.close();
  }
  void reopenAll() {
    for (auto &kv : upstreams_)
      kv.second.reopen();
  }

private:
  std::map<std::string, Upstream> upstreams_;
  std::string primary_;
};

static void report(const std::string &answer) { std::cout << answer << "\n"; }

int main() {
  Resolver r;
  r.add("10.0.0.53");
  r.add("10.0.0.54");
  r.add("10.0.0.55");
  r.add("9.9.9.9");

  report(r.resolve("api.internal"));

  // Config reload drops the primary; retire() picks a new one.
  r.retire("10.0.0.53");
  report(r.resolve("db.internal")); // OK: retire() erased the key and moved the primary

  r.byAddr("10.0.0.55").close();
  report(r.byAddr("10.0.0.54").query("cache.internal")); // OK: a different key was closed
  try {
    report(r.byAddr("10.0.0.55").query("queue.internal")); // BUG: use-after-close
  } catch (const std::exception &e) {
    std::cerr << e.what() << "\n";
  }

  // The health checker reports the new primary as down.
  r.markDown("10.0.0.54");
  try {
    report(r.resolve("auth.internal")); // BUG: use-after-close #primarydown
  } catch (const std::exception &e) {
    std::cerr << e.what() << "\n";
  }

  Upstream &fallback = r.byAddr("9.9.9.9");
  report(fallback.query("example.com"));
  r.closeAll();
  r.reopenAll();
  report(fallback.query("example.org")); // OK: reopenAll() reopened the element the reference names
  r.closeAll();
  try {
    report(fallback.query("example.net")); // BUG: use-after-close
  } catch (const std::exception &e) {
    std::cerr << e.what() << "\n";
  }
  if (!r.byAddr("9.9.9.9").closed())
    report(r.byAddr("9.9.9.9").query("example.edu")); // OK: guarded, skipped after closeAll()
  return 0;
}
