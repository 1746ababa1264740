// Election tallying: precinct reporters post vote counts to the county tally
// server over one TallyLink that they share through shared_ptr copies.  This
// case is correct: the link is closed only by the shared_ptr deleter when the
// last reporter lets go; the auditor locks its weak_ptr (and checks closed())
// before each post; the reporter threads are joined before the reporters are
// destroyed; and the results link's deleter re-closes it harmlessly because
// TallyLink::close() is idempotent.
#include <cstdio>
#include <map>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>
#include <vector>

// post() throws std::runtime_error once closed; close() is idempotent.
class TallyLink {
public:
  explicit TallyLink(std::string server) : server_(std::move(server)) {}
  void post(const std::string &line) {
    std::lock_guard<std::mutex> lk(mu_);
    if (closed_)
      throw std::runtime_error("tally link closed: " + server_);
    sent_.push_back(line);
  }
  void close() {
    std::lock_guard<std::mutex> lk(mu_);
    closed_ = true;
  }
  bool closed() const {
    std::lock_guard<std::mutex> lk(mu_);
    return closed_;
  }

private:
  std::string server_;
  mutable std::mutex mu_;
  std::vector<std::string> sent_;
  bool closed_ = false;
};

std::shared_ptr<TallyLink> openTallyLink(const std::string &server) {
  return std::shared_ptr<TallyLink>(new TallyLink(server), [](TallyLink *l) {
    l->close();
    delete l;
  });
}

class PrecinctReporter {
public:
  PrecinctReporter(std::string precinct, std::shared_ptr<TallyLink> link)
      : precinct_(std::move(precinct)), link_(std::move(link)) {}

  void report(const std::map<std::string, int> &counts) {
    for (const auto &kv : counts)
      link_->post(precinct_ + " " + kv.first + " " + std::to_string(kv.second)); // OK: this reporter keeps the link alive; only the deleter closes it
  }

private:
  std::string precinct_;
  std::shared_ptr<TallyLink> link_;
};

class Auditor {
public:
  explicit Auditor(std::weak_ptr<TallyLink> link) : link_(std::move(link)) {}

  void spotCheck(const std::string &precinct) {
    auto l = link_.lock();
    if (!l || l->closed()) {
      std::fprintf(stderr, "audit of %s skipped: link gone\n", precinct.c_str());
      return;
    }
    l->post("AUDIT " + precinct); // OK: locked and checked; nobody else closes it
  }

private:
  std::weak_ptr<TallyLink> link_;
};

int main() {
  auto link = openTallyLink("tally.county.example:8443");
  Auditor auditor(link);
  {
    std::vector<std::unique_ptr<PrecinctReporter>> reporters;
    for (int p = 1; p <= 4; ++p)
      reporters.push_back(
          std::make_unique<PrecinctReporter>("P-" + std::to_string(p), link));
    link.reset(); // the reporters own the link from here on

    std::vector<std::thread> workers;
    for (auto &r : reporters)
      workers.emplace_back([&r] { r->report({{"measure-7-yes", 412}, {"measure-7-no", 388}}); });
    for (auto &t : workers)
      t.join();
    auditor.spotCheck("P-3"); // OK: the reporters still hold the link
  }
  auditor.spotCheck("P-2"); // OK: lock() fails after the last reporter is gone

  auto results = openTallyLink("results.state.example:8443");
  results->post("COUNTY 017 COMPLETE");
  results->close();
  results.reset(); // OK: the deleter's close() is idempotent
  return 0;
}
