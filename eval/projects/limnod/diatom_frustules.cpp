// DiatomFrustules: counts frustules on each slide image the Secchi camera drops,
// one count file per slide; exportTally() writes the per-slide tally.
#include "diatom_frustules.h"
#include "limno_deferral.h"
#include "limnod_settings.h"
#include "limnod_switchboard.h"
#include "varve_scroll.h"
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

DiatomFrustules::DiatomFrustules(LimnoContext &ctx) : ctx_(ctx) {
  token_ = ctx_.switchboard.subscribe("secchi/slide", [this](const std::string &path) {
    if (slides_.size() < 64)
      slides_.push_back(path);
  });
}

DiatomFrustules::~DiatomFrustules() { ctx_.switchboard.unsubscribe(token_); }

std::size_t DiatomFrustules::countSlide(const std::string &path) {
  VarveScroll counts;
  if (!counts.open(path + ".count"))
    return 0;
  auto closeCounts = makeLimnoScopeExit([&] {
    counts.close(); // BUG: double-close
  });
  std::ifstream image(path, std::ios::binary);
  if (!image) {
    counts.append("unreadable");
    counts.close(); // flush the marker before the failure is announced
    ctx_.switchboard.fire("diatom/unreadable", path);
    return 0;
  }
  const std::vector<char> pixels((std::istreambuf_iterator<char>(image)),
                                 std::istreambuf_iterator<char>());
  std::size_t frustules = 0;
  bool inside = false;
  for (char px : pixels) {
    const bool dark = static_cast<unsigned char>(px) < 60;
    if (dark && !inside)
      ++frustules;
    inside = dark;
  }
  counts.append(std::to_string(frustules));
  return frustules;
}

void DiatomFrustules::exportTally() {
  VarveScroll out;
  if (!out.open(ctx_.settings.archiveDir + "/diatoms.csv"))
    return;
  auto closeOut = makeLimnoScopeExit([&] {
    out.close(); // OK: dismissed right after the explicit close below
  });
  for (const auto &kv : tally_)
    out.append(kv.first + "," + std::to_string(kv.second));
  out.close();
  closeOut.dismiss();
  ctx_.switchboard.fire("diatom/exported", std::to_string(tally_.size()));
}

void DiatomFrustules::start() {}

void DiatomFrustules::tick() {
  if (slides_.empty())
    return;
  const std::string path = slides_.front();
  slides_.pop_front();
  tally_[path] = countSlide(path);
  if (++counted_ % 50 == 0)
    exportTally();
}

void DiatomFrustules::stop() {
  if (!tally_.empty())
    exportTally();
  slides_.clear();
}
