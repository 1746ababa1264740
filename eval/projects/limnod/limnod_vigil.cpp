// LimnoVigil: the standalone probes moored around the raft, by name.
#include "limnod_vigil.h"
#include "limnod_faults.h"
#include <algorithm>
#include <stdexcept>

void LimnoVigil::watch(const std::string &name, std::unique_ptr<SondeConduit> probe) {
  probe->connect();
  probes_[name] = std::move(probe);
  postMortem_.erase(name);
}

void LimnoVigil::expire(const std::string &name, bool keepForPostMortem) {
  auto it = probes_.find(name);
  if (it == probes_.end())
    return;
  if (it->second->up())
    it->second->close(); // OK: expiring a probe twice does not close it twice
  if (keepForPostMortem)
    postMortem_.insert(name);
  else
    probes_.erase(it);
}

void LimnoVigil::sweep() {
  auto dead = std::find_if(probes_.begin(), probes_.end(), [this](const auto &kv) {
    return !kv.second->up() && !postMortem_.count(kv.first);
  });
  if (dead == probes_.end())
    return;
  if (dead->second->connect())
    dead->second->command("HELLO"); // OK: reconnected just above
}

void LimnoVigil::pingAll() {
  for (auto &kv : probes_) {
    try {
      kv.second->command("PING"); // BUG: use-after-close
    } catch (const std::runtime_error &e) {
      // a probe that stopped answering is closed here; sweep() reconnects it
      limnoFaults().onSondeFault(*kv.second, e);
    }
  }
}

std::vector<std::string> LimnoVigil::postMortem() const {
  return std::vector<std::string>(postMortem_.begin(), postMortem_.end());
}
