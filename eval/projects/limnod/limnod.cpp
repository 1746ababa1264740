// Limnod: the constructor wires the shared services, the shore telemeter, the
// operator command feed, the probe vigil and the instrument components; the
// destructor shuts everything down (limnod_dusk.cpp) and announces it.
#include "limnod.h"
#include "limnod_herald.h"
#include <cstdio>
#include <stdexcept>

Limnod::Limnod(const LimnodSettings &settings)
    : settings_(settings), corral_(settings.sondeHost, settings.sondePort, 4),
      ctx_{settings_, switchboard_, intervals_, corral_, errands_} {
  configureHerald(settings_.brokers);

  shoreline_ = std::make_unique<ShorelineTelemeter>(settings_.shoreHost, settings_.shorePort);
  if (!shoreline_->open()) {
    // the primary mast is down (ice, lightning): talk to the secondary one
    shoreline_ =
        std::make_unique<ShorelineTelemeter>(settings_.shoreFallbackHost, settings_.shorePort);
    if (!shoreline_->open())
      throw std::runtime_error("no shore telemeter answers");
  }
  shoreline_->send("limnod booting"); // OK: a telemeter that opened, the fallback if the primary did not

  for (const std::string &host : settings_.vigilHosts)
    vigil_.watch(host, std::make_unique<SondeConduit>(host, settings_.sondePort));

  for (const std::string &kind : settings_.components) {
    std::unique_ptr<LimnoComponent> component = makeLimnoComponent(kind, ctx_);
    if (!component) {
      std::fprintf(stderr, "limnod: unknown component kind %s\n", kind.c_str());
      continue;
    }
    components_.emplace(kind, std::move(component));
  }

  switchboard_.subscribe("reload", [this](const std::string &kind) { reload(kind); });
  switchboard_.subscribe("recalibrate", [this](const std::string &args) {
    const auto sp = args.find(' ');
    if (sp != std::string::npos)
      recalibrate(args.substr(0, sp), args.substr(sp + 1));
  });
  switchboard_.subscribe("maintenance", [this](const std::string &what) {
    if (what == "enter")
      enterMaintenance();
    else if (what == "leave")
      leaveMaintenance();
  });
  switchboard_.subscribe("shoreline/rotate", [this](const std::string &) { rotateShoreline(); });
  switchboard_.subscribe("vigil/expire", [this](const std::string &name) {
    vigil_.expire(name, /*keepForPostMortem=*/true);
  });
  switchboard_.subscribe("shutdown", [this](const std::string &) { shutdown(); });

  telecommand_ = std::make_unique<LimnoTelecommand>(makeOperatorConsumer(settings_.brokers), switchboard_);

  for (auto &kv : components_)
    kv.second->start();
  phase_ = Phase::Running;
  herald().publish("limnod/state", "running");
}

Limnod::~Limnod() {
  if (phase_ != Phase::Down)
    shutdown(); // OK: shutdown() returns at once when it already ran (phase_ is Down)
  herald().publish("limnod/state", "down"); // BUG: use-after-close
}
