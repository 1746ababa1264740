// A class template whose uses call a private check on `this`
// (`ensureOpen("add")`, a call of dependent type in the template's own
// code) has those uses read as uses, as in a class: the protocol holds for
// every instantiation. A method that calls no check is no use.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
// RUN: %expect_exit 0 %errlint --list-protocols %s -- -std=c++17 | FileCheck %s --check-prefix=LIST
#include <stdexcept>
#include <string>
#include <vector>

template <typename Res> class Pool {
public:
  void add(Res r) {
    ensureOpen("add");
    idle_.push_back(r);
  }
  std::size_t size() const { return idle_.size(); }
  void shutdown() {
    if (down_)
      throw std::logic_error("shut down twice");
    down_ = true;
    idle_.clear();
  }

private:
  void ensureOpen(const char *op) const {
    if (down_)
      throw std::logic_error(std::string(op) + " after shutdown");
  }
  std::vector<Res> idle_;
  bool down_ = false;
};

// LIST: Pool: closed when 'down_' is set
// LIST: use     add(){{.*}}calls 'ensureOpen'

void trays(Pool<int> &p) {
  p.shutdown();
  // CHECK: :[[@LINE+1]]:5: warning: call to 'add' on 'p' after it was closed
  p.add(1);
}

// Negative: size() is no use.
std::size_t count(Pool<double> &p) {
  p.shutdown();
  return p.size();
}
