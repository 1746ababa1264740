// Sourdough bakery: the starters and the shaped loaves rest in proofing
// cabinets that the bakery's controller reaches over a link per cabinet.
// The bakery keeps the links in a map; a feeding borrows one and wraps it in
// a unique_ptr whose deleter only closes the link (the map still owns it),
// and an overnight proof holds a ProofingRun whose destructor closes it.
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>

class ProoferLink {
public:
  explicit ProoferLink(std::string cabinet) : cabinet_(std::move(cabinet)) {}

  void setTemp(double celsius) {
    if (closed_)
      throw std::runtime_error("proofer link closed: " + cabinet_);
    target_ = celsius;
  }
  double humidity() const {
    if (closed_)
      throw std::runtime_error("proofer link closed: " + cabinet_);
    return humidity_;
  }
  void close() { closed_ = true; }
  bool closed() const { return closed_; }

private:
  std::string cabinet_;
  double target_ = 24.0;
  double humidity_ = 75.0;
  bool closed_ = false;
};

struct CloseLink {
  void operator()(ProoferLink *link) const { link->close(); }
};
using LinkLease = std::unique_ptr<ProoferLink, CloseLink>;

class ProofingRun {
public:
  ProofingRun(ProoferLink &link, double celsius) : link_(link) { link_.setTemp(celsius); }
  ~ProofingRun() {
    if (!link_.closed())
      link_.close(); // OK: abort() may have closed it already, checked first
  }
  ProofingRun(const ProofingRun &) = delete;
  ProofingRun &operator=(const ProofingRun &) = delete;

  void abort() { link_.close(); }

private:
  ProoferLink &link_;
};

class Bakery {
public:
  // Hands out the cabinet's link, dialling a fresh one if the last was closed.
  ProoferLink &cabinet(const std::string &name) {
    auto it = cabinets_.find(name);
    if (it == cabinets_.end() || it->second.closed())
      it = cabinets_.insert_or_assign(name, ProoferLink(name)).first;
    return it->second;
  }
  void note(const std::string &name, double humidity) { readings_[name] = humidity; }

private:
  std::map<std::string, ProoferLink> cabinets_;
  std::map<std::string, double> readings_;
};

void feedStarter(Bakery &bakery, const std::string &name, double celsius) {
  ProoferLink &link = bakery.cabinet(name);
  {
    LinkLease lease(&link);
    link.setTemp(celsius);
    bakery.note(name, link.humidity()); // OK: the lease closes at the end of this block
  }
  bakery.note(name + "/after-feed", link.humidity()); // BUG: use-after-close
}

void checkStarter(Bakery &bakery, const std::string &name, bool nightShift) {
  ProoferLink &link = bakery.cabinet(name);
  {
    LinkLease lease(&link);
    bakery.note(name, link.humidity());
    if (!nightShift)
      return;
    lease.release();
  }
  link.setTemp(22.0); // OK: the night shift released the lease, so it did not close
}

void overnightProof(Bakery &bakery, const std::string &name, bool doughTooWarm) {
  ProoferLink &link = bakery.cabinet(name);
  ProofingRun run(link, 4.0);
  if (doughTooWarm) {
    run.abort();
    return;
  }
  link.setTemp(3.5); // OK: the abort path returned
}
