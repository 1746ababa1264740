// Perfumer's bottling line: each flacon filler nozzle is a FlaconFiller link shared through
// a map of shared_ptrs whose deleter closes the link if nobody did; the sillage test booth
// sprays through an AtomizerPump it watches with a weak_ptr. rest_nozzle() closes a filler
// for cleaning but leaves it in the map, and the next bottle_batch() fills through it.
// service_atomizer() closes the old pump and parks it in the servicing list, so the booth's
// weak_ptr still locks: lock() says the pump is alive, not that it is open. The checked
// batch, the deleter, the re-attached booth and the spare pump are correct.
#include <functional>
#include <list>
#include <memory>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <utility>

class FlaconFiller {
public:
  explicit FlaconFiller(std::string nozzle) : nozzle_(std::move(nozzle)) {}
  void fill(int ml) {
    if (closed_)
      throw std::runtime_error("filler " + nozzle_ + " closed");
    dispensed_ += ml;
  }
  void close() {
    if (closed_)
      throw std::logic_error("filler " + nozzle_ + " closed twice");
    closed_ = true;
  }
  bool closed() const { return closed_; }

private:
  std::string nozzle_;
  int dispensed_ = 0;
  bool closed_ = false;
};

class AtomizerPump {
public:
  void spray(int puffs) {
    if (!open_)
      throw std::runtime_error("atomizer pump closed");
    puffs_ += puffs;
  }
  void close() { open_ = false; }

private:
  int puffs_ = 0;
  bool open_ = true;
};

class SillageBooth {
public:
  void attach(const std::shared_ptr<AtomizerPump> &pump) { pump_ = pump; }
  void test_blotter(int puffs) {
    if (auto p = pump_.lock())
      p->spray(puffs); // SAME: booth
  }

private:
  std::weak_ptr<AtomizerPump> pump_;
};

class PerfumerLine {
public:
  void add_nozzle(const std::string &name) {
    fillers_[name] = std::shared_ptr<FlaconFiller>(new FlaconFiller(name), [](FlaconFiller *f) {
      if (!f->closed())
        f->close(); // OK: the deleter closes only a filler nobody closed
      delete f;
    });
  }
  void rest_nozzle(const std::string &name) {
    auto it = fillers_.find(name);
    if (it != fillers_.end())
      it->second->close();
  }
  void retire_nozzle(const std::string &name) {
    auto it = fillers_.find(name);
    if (it == fillers_.end())
      return;
    it->second->close();
    fillers_.erase(it);
  }
  void bottle_batch(int ml) {
    for (auto &entry : fillers_)
      entry.second->fill(ml); // SAME: batch
  }
  void bottle_batch_checked(int ml) {
    for (auto &entry : fillers_)
      if (!entry.second->closed())
        entry.second->fill(ml); // OK: rested nozzles are skipped
  }
  std::shared_ptr<AtomizerPump> service_atomizer(std::shared_ptr<AtomizerPump> old) {
    old->close();
    servicing_.push_back(std::move(old));
    return std::make_shared<AtomizerPump>();
  }

private:
  std::unordered_map<std::string, std::shared_ptr<FlaconFiller>> fillers_;
  std::list<std::shared_ptr<AtomizerPump>> servicing_;
};

void eau_de_parfum_shift(PerfumerLine &line, SillageBooth &booth, SillageBooth &spareBooth) {
  line.add_nozzle("A1");
  line.add_nozzle("A2");
  line.add_nozzle("B1");
  line.retire_nozzle("B1");
  line.bottle_batch(50); // OK: B1 was erased with its close
  line.rest_nozzle("A2");
  line.bottle_batch_checked(30);
  line.bottle_batch(100); // BUG: use-after-close #batch

  auto pump = std::make_shared<AtomizerPump>();
  booth.attach(pump);
  spareBooth.attach(pump);
  booth.test_blotter(2);
  auto fresh = line.service_atomizer(pump);
  spareBooth.attach(fresh);
  spareBooth.test_blotter(3); // OK: re-attached to the fresh pump
  fresh->spray(1);
  booth.test_blotter(2); // BUG: use-after-close #booth
}
