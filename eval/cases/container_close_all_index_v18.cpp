// Outbound mail relay pool. RelayPool keeps its RelayConnections in a vector
// and a domain -> connection map. closeAll() closes every connection at the
// end of a delivery run but keeps the entries, so the bounce report sent
// through primary() afterwards goes to a closed connection. After rebuild()
// the pool holds fresh connections; a domain's connection closed by hand is
// closed again by the final closeAll().
#include <iostream>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

// One SMTP relay connection. deliver() throws std::runtime_error after
// close(); close() twice throws std::logic_error.
class RelayConnection {
public:
  explicit RelayConnection(std::string host) : host_(std::move(host)) {}
  void deliver(const std::string &rcpt, const std::string &body) {
    if (closed_)
      throw std::runtime_error("relay closed: " + host_);
    delivered_ += body.empty() ? 0 : 1;
    (void)rcpt;
  }
  void close() {
    if (closed_)
      throw std::logic_error("relay closed twice: " + host_);
    closed_ = true;
  }
  const std::string &host() const { return host_; }

private:
  std::string host_;
  int delivered_ = 0;
  bool closed_ = false;
};

struct RelaySpec {
  std::string host;
  std::vector<std::string> domains;
};

class RelayPool {
public:
  void rebuild(const std::vector<RelaySpec> &specs) {
    conns_.clear();
    byDomain_.clear();
    for (const RelaySpec &s : specs) {
      conns_.push_back(std::make_unique<RelayConnection>(s.host));
      for (const std::string &d : s.domains)
        byDomain_[d] = conns_.back().get();
    }
  }
  RelayConnection &primary() { return *conns_.at(0); }
  RelayConnection &forDomain(const std::string &domain) { return *byDomain_.at(domain); }
  void closeAll() {
    for (auto &c : conns_)
      c->close(); // SAME: close_all_twice
  }

private:
  std::vector<std::unique_ptr<RelayConnection>> conns_;
  std::map<std::string, RelayConnection *> byDomain_;
};

struct Mail {
  std::string rcpt;
  std::string domain;
  std::string body;
};

int main() {
  const std::vector<RelaySpec> specs = {{"mx1.relay.internal", {"example.com"}},
                                        {"mx2.relay.internal", {"example.org", "example.net"}}};
  const std::vector<Mail> queue = {{"ann@example.com", "example.com", "invoice"},
                                   {"bo@example.org", "example.org", "reminder"}};
  RelayPool pool;
  pool.rebuild(specs);

  int failed = 0;
  for (const Mail &m : queue) {
    try {
      pool.forDomain(m.domain).deliver(m.rcpt, m.body);
    } catch (const std::exception &e) {
      ++failed;
    }
  }
  pool.closeAll();

  try {
    pool.primary().deliver("postmaster@example.com", "run finished, failed=" + std::to_string(failed)); // BUG: use-after-close
  } catch (const std::exception &e) {
    std::cerr << "bounce report lost: " << e.what() << "\n";
  }

  // Next run: fresh connections.
  pool.rebuild(specs);
  pool.primary().deliver("postmaster@example.com", "second run starting"); // OK: rebuild() replaced the closed connections
  pool.forDomain("example.com").close();
  pool.forDomain("example.net").deliver("cy@example.net", "newsletter"); // OK: example.net uses mx2, only mx1 was closed
  try {
    pool.closeAll(); // BUG: double-close #close_all_twice
  } catch (const std::exception &e) {
    std::cerr << "shutdown: " << e.what() << "\n";
    return 1;
  }
  return 0;
}
