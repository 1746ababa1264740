// Report formatting helpers. writeTotals() closes the stream itself when a
// write fails (documented in report_util.h) and reports false.
#include "report_util.h"

namespace liftops {

bool writeTotals(std::FILE *out, const SalesTotals &totals) {
  if (std::fprintf(out, "count,%d\ncents,%ld\n", totals.count, totals.cents) < 0) {
    std::fclose(out);
    return false;
  }
  for (const auto &[type, n] : totals.byType) {
    if (std::fprintf(out, "%s,%d\n", type.c_str(), n) < 0) {
      std::fclose(out);
      return false;
    }
  }
  if (std::fflush(out) != 0) {
    std::fclose(out);
    return false;
  }
  return true;
}

std::string formatTotals(const SalesTotals &totals) {
  std::string text = std::to_string(totals.count) + " tickets, $" +
                     std::to_string(totals.cents / 100) + "." +
                     std::to_string(totals.cents % 100 / 10) + std::to_string(totals.cents % 10);
  for (const auto &[type, n] : totals.byType)
    text += "\n  " + type + ": " + std::to_string(n);
  return text;
}

} // namespace liftops
