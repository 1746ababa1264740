// Pharmacy dispensing: a dispensing station keeps one DispenserLink per
// robotic cabinet in a std::map keyed by cabinet name.  DispenserLink::
// dispense()/countOnHand()/restock() throw std::logic_error once the link is
// closed; close() is idempotent.  Defects: the controlled-substance path
// closes the vault cabinet by key and then reconciles through the same key,
// and the end-of-shift job keeps a reference to the fridge cabinet across
// closeAll().  Each shift job runs under runJob(), which logs failures.
#include <cstdio>
#include <functional>
#include <map>
#include <memory>
#include <set>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

class DispenserLink {
public:
  explicit DispenserLink(std::string cabinet) : cabinet_(std::move(cabinet)) {}

  void dispense(const std::string &ndc, int qty) {
    check();
    stock_[ndc] -= qty;
    journal_.push_back(ndc + " x" + std::to_string(qty));
  }
  int countOnHand(const std::string &ndc) const {
    check();
    auto it = stock_.find(ndc);
    return it == stock_.end() ? 0 : it->second;
  }
  void restock(const std::string &ndc, int qty) {
    check();
    stock_[ndc] += qty;
  }
  void close() { closed_ = true; }
  bool isClosed() const { return closed_; }

private:
  void check() const {
    if (closed_)
      throw std::logic_error("dispenser link closed: " + cabinet_);
  }
  std::string cabinet_;
  std::map<std::string, int> stock_;
  std::vector<std::string> journal_;
  bool closed_ = false;
};

struct Order {
  std::string cabinet;
  std::string ndc;
  int qty;
};

class DispensingStation {
public:
  void addCabinet(const std::string &name) {
    links_[name] = std::make_unique<DispenserLink>(name);
  }
  DispenserLink &cabinet(const std::string &name) { return *links_.at(name); }

  void fill(const Order &o) { links_.at(o.cabinet)->dispense(o.ndc, o.qty); }

  // Controlled substances: the vault is locked (its link closed) as soon as
  // the witness has signed, then the count is reconciled.
  int fillControlled(const Order &o, const std::string &witness) {
    links_.at(o.cabinet)->dispense(o.ndc, o.qty);
    witnesses_.push_back(witness);
    links_.at(o.cabinet)->close();
    return links_.at(o.cabinet)->countOnHand(o.ndc); // BUG: use-after-close
  }

  // A faulted cabinet is swapped for a fresh link under the same key.
  void replaceCabinet(const std::string &name) {
    auto it = links_.find(name);
    if (it != links_.end()) {
      it->second->close();
      links_.erase(it);
    }
    links_[name] = std::make_unique<DispenserLink>(name);
    links_[name]->restock("oxycodone-5mg", 100); // OK: freshly inserted link
  }

  void closeIdle(const std::set<std::string> &busy) {
    for (auto &kv : links_)
      if (!busy.count(kv.first))
        kv.second->close();
  }

  void audit() const {
    for (const auto &kv : links_)
      if (!kv.second->isClosed())
        std::printf("%s amoxicillin=%d\n", kv.first.c_str(),
                    kv.second->countOnHand("amoxicillin-500mg")); // OK: guarded by isClosed()
  }

  void closeAll() {
    for (auto &kv : links_)
      kv.second->close();
  }

private:
  std::map<std::string, std::unique_ptr<DispenserLink>> links_;
  std::vector<std::string> witnesses_;
};

void runJob(const char *name, const std::function<void()> &job) {
  try {
    job();
  } catch (const std::exception &e) {
    std::fprintf(stderr, "job %s failed: %s\n", name, e.what());
  }
}

int main() {
  DispensingStation st;
  st.addCabinet("front");
  st.addCabinet("vault");
  st.addCabinet("fridge");
  DispenserLink &fridge = st.cabinet("fridge");

  runJob("morning", [&] {
    fridge.restock("insulin-glargine", 40);
    st.cabinet("front").restock("amoxicillin-500mg", 300);
    st.fill({"front", "amoxicillin-500mg", 21});
  });
  runJob("controlled", [&] {
    st.fillControlled({"vault", "oxycodone-5mg", 10}, "RPh Mensah");
    st.replaceCabinet("vault");
    st.fill({"vault", "oxycodone-5mg", 5}); // OK: the vault link was replaced
  });
  runJob("quiet hours", [&] {
    st.closeIdle({"front"});
    st.fill({"front", "amoxicillin-500mg", 14}); // OK: front was busy, so kept open
    st.audit();
  });
  runJob("end of shift", [&] {
    st.closeAll();
    fridge.dispense("insulin-glargine", 2); // BUG: use-after-close
  });
  return 0;
}
