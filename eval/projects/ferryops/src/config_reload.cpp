// SIGHUP configuration reload. Gates whose controller address changed are
// shut down and, when still enabled, replaced by a freshly connected link;
// each gate then gets its new display text. A broker change swaps a new
// producer into the publisher and the components the Terminal rebuilds, fires
// the queued retries on the old producer and closes it (if the publisher had
// already closed it, the retries bound to it are dropped: the manifest has
// those boardings). The ramp console and
// the manifest index are replaced outright.
#include "config.h"

#include <cstdio>
#include <memory>
#include <utility>

#include "terminal.h"

namespace ferry {

void reloadGates(Terminal &t, const TerminalConfig &cfg) {
  GateRegistry &reg = t.gates();
  for (const GateConfig &gc : cfg.gates) {
    GateChannel *ch = reg.find(gc.id);
    if (ch == nullptr)
      continue;
    if (ch->endpoint() != gc.endpoint) {
      ch->shutdown();
      if (gc.enabled) {
        auto fresh = std::make_unique<GateChannel>(gc.id);
        if (fresh->connect(gc.endpoint).ok())
          reg.swap(gc.id, std::move(fresh));
      }
    }
    reg.find(gc.id)->sendFrame(Frame::config("DISPLAY " + gc.displayText)); // BUG: use-after-close
  }
}

void reloadBrokers(Terminal &t, const TerminalConfig &cfg) {
  if (cfg.brokers == t.config().brokers)
    return;
  auto fresh = std::make_shared<kafka::KafkaProducer>(cfg.brokers);
  std::shared_ptr<kafka::KafkaProducer> old = t.publisher().swapProducer(fresh);
  t.setProducer(fresh);
  const bool oldOpen = old && !old->isClosed();
  if (oldOpen) {
    t.retries().fireDue(Clock::time_point::max()); // OK: runs while the old producer is still open
    old->close(std::chrono::seconds(10)); // OK: only a producer that is still open is closed here
  } else {
    t.retries().clear();
  }
  t.publisher().publish(BoardingEvent{t.currentSailing().id, "BROKERS " + cfg.brokers, 0, nowMillis(), false}); // OK: the publisher holds the fresh producer
  t.uploader().flush(); // BUG: use-after-close #uploaderstale
  t.mutableConfig().brokers = cfg.brokers;
}

void reloadRamp(Terminal &t, const TerminalConfig &cfg) {
  std::unique_ptr<RampController> &ramp = t.rampSlot();
  if (ramp && cfg.rampEndpoint == t.config().rampEndpoint)
    return;
  if (ramp)
    ramp->stop();
  auto link = std::make_unique<GateChannel>(kRampLinkId);
  const Status st = link->connect(cfg.rampEndpoint);
  if (!st.ok()) {
    std::fprintf(stderr, "ramp console at %s unreachable: %s\n", cfg.rampEndpoint.host.c_str(),
                 st.toString().c_str());
    ramp.reset();
    return;
  }
  ramp = std::make_unique<RampController>(std::move(link));
  ramp->ping(); // OK: a fresh controller on every path that reaches here
  t.mutableConfig().rampEndpoint = cfg.rampEndpoint;
}

void reloadIndex(Terminal &t, const TerminalConfig &cfg) {
  std::optional<ManifestIndex> &idx = t.indexSlot();
  if (idx && idx->path() == cfg.indexPath)
    return;
  if (idx)
    idx->seal();
  idx.emplace(cfg.indexPath);
  if (!idx->open().ok()) {
    idx.reset();
    return;
  }
  idx->record("reload", cfg.indexPath, 0); // OK: emplace() constructed a fresh index
  t.mutableConfig().indexPath = cfg.indexPath;
}

void applyReload(Terminal &t, const TerminalConfig &cfg) {
  reloadGates(t, cfg);
  reloadBrokers(t, cfg);
  reloadRamp(t, cfg);
  reloadIndex(t, cfg);
}

} // namespace ferry
