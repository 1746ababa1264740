// Backend set of an L7 load balancer. BackendSet owns its BackendLinks in a
// vector of unique_ptr; callers hold references to the links (the pointees do
// not move when the vector changes). retire() closes a link and erases it,
// closeAll() closes every link and empties the vector, and rebuild() starts
// over with fresh links.
// Negative case: every reference used after a close refers to a link that was
// not closed (a different backend, or one obtained again after rebuild()),
// find() on a retired name returns nullptr, and because closed links are
// always erased no link is ever closed twice.
#include <algorithm>
#include <iostream>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

// forward() throws std::runtime_error once closed; close() twice throws
// std::logic_error.
class BackendLink {
public:
  explicit BackendLink(std::string name) : name_(std::move(name)) {}
  void forward(const std::string &request) {
    if (closed_)
      throw std::runtime_error("backend link closed: " + name_);
    bytes_ += request.size();
  }
  void close() {
    if (closed_)
      throw std::logic_error("backend link closed twice: " + name_);
    closed_ = true;
  }
  const std::string &name() const { return name_; }

private:
  std::string name_;
  size_t bytes_ = 0;
  bool closed_ = false;
};

class BackendSet {
public:
  BackendLink *find(const std::string &name) {
    for (auto &link : links_)
      if (link->name() == name)
        return link.get();
    return nullptr;
  }
  BackendLink &at(size_t i) { return *links_.at(i); }
  size_t size() const { return links_.size(); }

  void retire(const std::string &name) {
    auto it = std::find_if(links_.begin(), links_.end(),
                           [&](const std::unique_ptr<BackendLink> &l) { return l->name() == name; });
    if (it == links_.end())
      return;
    (*it)->close();
    links_.erase(it);
  }

  void closeAll() {
    for (auto &link : links_)
      link->close(); // OK: retired links were erased, each remaining link is closed once
    links_.clear();
  }

  void rebuild(const std::vector<std::string> &names) {
    closeAll();
    for (const std::string &n : names)
      links_.push_back(std::make_unique<BackendLink>(n));
  }

private:
  std::vector<std::unique_ptr<BackendLink>> links_;
};

// Round-robin over the current set.
class Balancer {
public:
  explicit Balancer(BackendSet &set) : set_(set) {}
  void route(const std::string &request) {
    if (set_.size() == 0)
      throw std::runtime_error("no backends");
    set_.at(next_++ % set_.size()).forward(request); // OK: picks from the current, open links
  }

private:
  BackendSet &set_;
  size_t next_ = 0;
};

int main() {
  BackendSet set;
  Balancer lb(set);
  set.rebuild({"app-1", "app-2", "app-3"});

  BackendLink &second = *set.find("app-2");
  lb.route("GET /health");
  set.retire("app-1");
  second.forward("GET /orders/17"); // OK: retire() closed app-1, second is app-2
  if (BackendLink *gone = set.find("app-1"))
    gone->forward("GET /orders/18"); // OK: app-1 was erased, find() returns nullptr
  lb.route("GET /orders/19");

  set.rebuild({"app-4", "app-5"});
  BackendLink &first = set.at(0);
  first.forward("GET /health"); // OK: taken again after rebuild(), it is the new app-4
  lb.route("POST /orders");
  set.closeAll();
  std::cout << "backends drained\n";
  return 0;
}
