// Batch reports of a textile dye works. Each dye vat's readings (pH,
// temperature, liquor ratio) are written to a CSV report; writeRow() throws
// when a reading is outside the recipe's tolerance. The vat report closes the
// file as the last statement of its try block and its handler closes and
// returns; the recipe export's handler notes the failure in the file, closes
// it, and falls through to the trailer and the final fclose.
#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

struct VatReading {
  int minute;
  double ph;
  double tempC;
  double liquorRatio;
};

struct Recipe {
  std::string shade;
  double phMin, phMax;
  double tempMaxC;
};

class ToleranceError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

static void writeRow(std::FILE *out, const Recipe &r, const VatReading &v) {
  if (v.ph < r.phMin || v.ph > r.phMax)
    throw ToleranceError("pH " + std::to_string(v.ph) + " at minute " +
                         std::to_string(v.minute));
  if (v.tempC > r.tempMaxC)
    throw ToleranceError("temperature " + std::to_string(v.tempC));
  std::fprintf(out, "%d,%.2f,%.1f,%.1f\n", v.minute, v.ph, v.tempC, v.liquorRatio);
}

bool writeVatReport(const std::string &path, const Recipe &recipe,
                    const std::vector<VatReading> &rows) {
  std::FILE *out = std::fopen(path.c_str(), "w");
  if (!out)
    return false;
  try {
    std::fprintf(out, "# shade %s\n", recipe.shade.c_str());
    for (const VatReading &v : rows)
      writeRow(out, recipe, v);
    std::fclose(out);
  } catch (const ToleranceError &e) {
    std::fprintf(out, "# rejected: %s\n", e.what()); // OK
    std::fclose(out); // OK
    return false;
  }
  return true;
}

int exportRecipeTrials(const std::string &path, const Recipe &recipe,
                       const std::vector<std::vector<VatReading>> &trials) {
  std::FILE *out = std::fopen(path.c_str(), "w");
  if (!out)
    return -1;
  int accepted = 0;
  try {
    for (const std::vector<VatReading> &trial : trials) {
      for (const VatReading &v : trial)
        writeRow(out, recipe, v);
      std::fputs("--\n", out);
      ++accepted;
    }
  } catch (const ToleranceError &e) {
    std::fprintf(out, "# trial %d out of tolerance: %s\n", accepted + 1, e.what());
    std::fclose(out);
  }
  std::fprintf(out, "# %d trials accepted for %s\n", accepted, recipe.shade.c_str()); // BUG: use-after-close
  std::fclose(out); // BUG: double-close
  return accepted;
}

bool appendShadeCard(const std::string &path, const std::string &shade, double deltaE) {
  std::FILE *card = std::fopen(path.c_str(), "a");
  if (!card)
    return false;
  try {
    if (deltaE > 2.0)
      throw std::out_of_range("delta E " + std::to_string(deltaE));
    std::fprintf(card, "%s,%.2f\n", shade.c_str(), deltaE);
  } catch (const std::out_of_range &e) {
    std::fclose(card);
    return false;
  }
  std::fflush(card); // OK
  std::fclose(card); // OK
  return true;
}
