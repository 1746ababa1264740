// Reindeer herding cooperative: every herder's sledge carries a radio, kept in a map
// by herder name. retire() shuts one radio down by key, replace() erases it and
// installs a new one, close_all() shuts the whole paddock down at the end of the
// season. Mistakes: calling the herder whose radio was just retired, calling through
// a reference taken before close_all(), and the relay chain that is shut down in a
// loop and then used by index. Calls to other keys and to a replaced radio are fine.
#include <cstdio>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

class SledgeRadio {
 public:
  explicit SledgeRadio(std::string herder) : herder_(std::move(herder)) {}

  void call(const std::string& msg) {
    if (shut_) throw std::runtime_error("sledge radio of " + herder_ + " shut down");
    std::printf("[%s] %s\n", herder_.c_str(), msg.c_str());
  }

  void shutdown() {
    if (shut_) throw std::runtime_error("sledge radio of " + herder_ + " shut down twice");
    shut_ = true;
  }

  bool is_shut() const { return shut_; }

 private:
  std::string herder_;
  bool shut_ = false;
};

class Paddock {
 public:
  void add(const std::string& herder) { radios_[herder] = std::make_unique<SledgeRadio>(herder); }

  SledgeRadio& radio(const std::string& herder) { return *radios_.at(herder); }

  void retire(const std::string& herder) { radios_.at(herder)->shutdown(); }

  void replace(const std::string& herder) {
    radios_.erase(herder);
    radios_.emplace(herder, std::make_unique<SledgeRadio>(herder));
  }

  void close_all() {
    for (auto& entry : radios_) {
      if (!entry.second->is_shut()) entry.second->shutdown();  // OK: skips radios already retired
    }
  }

 private:
  std::map<std::string, std::unique_ptr<SledgeRadio>> radios_;
};

void calving_season(Paddock& paddock) {
  paddock.add("Aslak");
  paddock.add("Inga");

  paddock.retire("Aslak");
  paddock.radio("Inga").call("bring the calves down to the fence");  // OK: a different key
  paddock.radio("Aslak").call("where is the lead cow?");  // BUG: use-after-close
}

void new_radio(Paddock& paddock) {
  paddock.add("Aslak");
  paddock.retire("Aslak");
  paddock.replace("Aslak");
  paddock.radio("Aslak").call("new radio check");  // OK: erased and replaced
}

void end_of_season(Paddock& paddock) {
  paddock.add("Nils");
  SledgeRadio& nils = paddock.radio("Nils");
  nils.call("night watch starts at ten");
  paddock.close_all();
  nils.call("night watch cancelled");  // BUG: use-after-close
}

void relay_chain(std::vector<SledgeRadio>& chain) {
  if (chain.size() < 2) return;
  chain[0].call("wolves sighted on the ridge");
  for (SledgeRadio& r : chain) r.shutdown();
  chain[1].call("pass it on");  // BUG: use-after-close
}

void relay_chain_checked(std::vector<SledgeRadio>& chain, std::size_t dead) {
  if (dead >= chain.size()) return;
  chain[dead].shutdown();
  for (SledgeRadio& r : chain) {
    if (!r.is_shut()) r.call("regroup at the lake");  // OK: the shut radio is skipped
  }
}
