// Builds components by kind. No connections here.
#include "anoxia_oximeter.h"
#include "bathymetry_mapper.h"
#include "bloom_alerter.h"
#include "catchment_runoff.h"
#include "diatom_frustules.h"
#include "echosounder_swath.h"
#include "hypolimnion_siphon.h"
#include "inflow_limnimeter.h"
#include "isobath_charter.h"
#include "limno_component.h"
#include "outflow_stilling.h"
#include "periphyton_scraper.h"
#include "riparian_trailcam.h"
#include "schmidt_stability.h"
#include "secchi_imager.h"
#include "sediment_flux.h"
#include "seiche_detector.h"
#include "thermocline_profiler.h"
#include "tributary_hydrograph.h"
#include "varve_chronology.h"
#include "zooplankton_tow.h"
#include <functional>
#include <map>

std::unique_ptr<LimnoComponent> makeLimnoComponent(const std::string &kind, LimnoContext &ctx) {
  using Factory = std::function<std::unique_ptr<LimnoComponent>(LimnoContext &)>;
  static const std::map<std::string, Factory> factories = {
      {"secchi", [](LimnoContext &c) { return std::make_unique<SecchiImager>(c); }},
      {"thermocline", [](LimnoContext &c) { return std::make_unique<ThermoclineProfiler>(c); }},
      {"seiche", [](LimnoContext &c) { return std::make_unique<SeicheDetector>(c); }},
      {"schmidt", [](LimnoContext &c) { return std::make_unique<SchmidtStability>(c); }},
      {"tributary", [](LimnoContext &c) { return std::make_unique<TributaryHydrograph>(c); }},
      {"runoff", [](LimnoContext &c) { return std::make_unique<CatchmentRunoff>(c); }},
      {"oximeter", [](LimnoContext &c) { return std::make_unique<AnoxiaOximeter>(c); }},
      {"bloom", [](LimnoContext &c) { return std::make_unique<BloomAlerter>(c); }},
      {"periphyton", [](LimnoContext &c) { return std::make_unique<PeriphytonScraper>(c); }},
      {"diatom", [](LimnoContext &c) { return std::make_unique<DiatomFrustules>(c); }},
      {"bathymetry", [](LimnoContext &c) { return std::make_unique<BathymetryMapper>(c); }},
      {"swath", [](LimnoContext &c) { return std::make_unique<EchosounderSwath>(c); }},
      {"inflow", [](LimnoContext &c) { return std::make_unique<InflowLimnimeter>(c); }},
      {"outflow", [](LimnoContext &c) { return std::make_unique<OutflowStillingWell>(c); }},
      {"siphon", [](LimnoContext &c) { return std::make_unique<HypolimnionSiphon>(c); }},
      {"zooplankton", [](LimnoContext &c) { return std::make_unique<ZooplanktonTow>(c); }},
      {"isobath", [](LimnoContext &c) { return std::make_unique<IsobathCharter>(c); }},
      {"trailcam", [](LimnoContext &c) { return std::make_unique<RiparianTrailcam>(c); }},
      {"chronology", [](LimnoContext &c) { return std::make_unique<VarveChronology>(c); }},
      {"flux", [](LimnoContext &c) { return std::make_unique<SedimentFlux>(c); }},
  };
  auto it = factories.find(kind);
  if (it == factories.end())
    return nullptr;
  return it->second(ctx);
}
