// Hospital nurse-call gateway: a PagerGateway keeps a vector of radio
// transmitter links (shared_ptr, since one transmitter may serve two wards
// and is then listed once per ward). pruneSilent() closes links that stopped
// answering; escalate() holds a reference to the first link from before the
// prune and pages through it afterwards. closeWards() closes every entry of
// the listed wards, so a transmitter shared by two of them is closed twice.
// pageAll() skips closed links and compact() erases them before reuse.
#include <algorithm>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

class PagerLink {
public:
  PagerLink(std::string transmitter, int silentSeconds)
      : transmitter_(std::move(transmitter)), silentSeconds_(silentSeconds) {}
  void page(const std::string &code);
  void close();
  bool isClosed() const { return closed_; }
  int silentSeconds() const { return silentSeconds_; }

private:
  std::string transmitter_;
  int silentSeconds_;
  bool closed_ = false;
};

struct WardRoute {
  std::string ward;
  std::shared_ptr<PagerLink> link;
};

class PagerGateway {
public:
  void addRoute(std::string ward, std::shared_ptr<PagerLink> link) {
    routes_.push_back({std::move(ward), std::move(link)});
  }
  void pruneSilent(int limitSeconds);
  void compact();
  void pageAll(const std::string &code);
  void escalate(const std::string &code);
  void closeWards(const std::vector<std::string> &wards);

private:
  std::vector<WardRoute> routes_;
};

void PagerLink::page(const std::string &code) {
  if (closed_)
    throw std::runtime_error("pager link closed: " + transmitter_);
  (void)code;
}

void PagerLink::close() {
  if (closed_)
    throw std::runtime_error("pager link already closed: " + transmitter_);
  closed_ = true;
}

void PagerGateway::pruneSilent(int limitSeconds) {
  for (WardRoute &r : routes_) {
    if (!r.link->isClosed() && r.link->silentSeconds() > limitSeconds)
      r.link->close(); // OK: skips links that are already closed
  }
}

void PagerGateway::compact() {
  routes_.erase(std::remove_if(routes_.begin(), routes_.end(),
                               [](const WardRoute &r) { return r.link->isClosed(); }),
                routes_.end());
}

void PagerGateway::pageAll(const std::string &code) {
  for (WardRoute &r : routes_) {
    if (r.link->isClosed())
      continue;
    r.link->page(code + "@" + r.ward); // OK: closed links skipped
  }
}

void PagerGateway::escalate(const std::string &code) {
  if (routes_.empty())
    return;
  PagerLink &primary = *routes_.front().link;
  pruneSilent(90);
  primary.page("ESCALATE " + code); // BUG: use-after-close
}

void PagerGateway::closeWards(const std::vector<std::string> &wards) {
  for (WardRoute &r : routes_) {
    if (std::find(wards.begin(), wards.end(), r.ward) != wards.end())
      r.link->close(); // BUG: double-close
  }
}

int main() {
  auto north = std::make_shared<PagerLink>("TX-north", 12);
  auto east = std::make_shared<PagerLink>("TX-east", 240);
  PagerGateway gateway;
  gateway.addRoute("ICU", east);
  gateway.addRoute("Maternity", north);
  gateway.addRoute("Oncology", north);
  gateway.pageAll("CODE-BLUE");
  gateway.escalate("CODE-BLUE ICU bed 4");
  gateway.compact();
  gateway.pageAll("ALL-CLEAR"); // OK: compact() removed the closed link
  gateway.closeWards({"Maternity", "Oncology"});
  return 0;
}
