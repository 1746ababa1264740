// Greenhouse climate controller: roof vents, thermal screens and misting are
// commanded over a ClimateLink to the zone PLCs, and every command is echoed
// to a CSV audit file. The helpers close the link or the file only when a
// step fails, and then either throw, return false, or end the process through
// abortController(). Negative case: each caller stops using the link or file
// on exactly those paths (the exception propagates, the result is checked, the
// [[noreturn]] call never returns), so nothing is used after being closed.
#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

class ClimateLink {
public:
  explicit ClimateLink(std::string zone) : zone_(std::move(zone)) {}
  bool command(const std::string &cmd) {
    if (closed_)
      throw std::runtime_error("climate link closed: " + zone_);
    return cmd.size() < 64;
  }
  void close() { closed_ = true; }
  const std::string &zone() const { return zone_; }

private:
  std::string zone_;
  bool closed_ = false;
};

[[noreturn]] void abortController(const std::string &why) {
  std::fprintf(stderr, "climate controller halted: %s\n", why.c_str());
  std::abort();
}

void openVents(ClimateLink &link, int percent) {
  if (!link.command("VENT " + std::to_string(percent))) {
    link.close();
    throw std::runtime_error("vent command rejected in " + link.zone());
  }
}

bool drawScreens(ClimateLink &link, bool night) {
  if (!link.command(night ? "SCREEN CLOSE" : "SCREEN OPEN")) {
    link.close();
    return false;
  }
  return true;
}

void audit(std::FILE *csv, const std::string &zone, const std::string &what) {
  if (std::fprintf(csv, "%s,%s\n", zone.c_str(), what.c_str()) < 0) {
    std::fclose(csv);
    abortController("audit file write failed");
  }
}

struct ZonePlan {
  int ventPercent = 0;
  bool night = false;
  bool misting = false;
};

void applyPlan(ClimateLink &link, std::FILE *csv, const ZonePlan &plan) {
  openVents(link, plan.ventPercent);
  audit(csv, link.zone(), "vents " + std::to_string(plan.ventPercent));
  if (!drawScreens(link, plan.night)) {
    std::fprintf(csv, "%s,screens failed\n", link.zone().c_str()); // OK
    return;
  }
  audit(csv, link.zone(), plan.night ? "screens closed" : "screens open"); // OK
  if (plan.misting)
    link.command("MIST 30"); // OK
  std::fflush(csv); // OK
}

int applyAll(std::vector<ClimateLink> &zones, std::FILE *csv,
             const ZonePlan &plan) {
  int failed = 0;
  for (ClimateLink &z : zones) {
    try {
      applyPlan(z, csv, plan);
    } catch (const std::runtime_error &e) {
      std::fprintf(csv, "%s,error,%s\n", z.zone().c_str(), e.what()); // OK
      ++failed;
    }
  }
  std::fclose(csv);
  return failed;
}
