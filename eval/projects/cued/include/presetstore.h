// Trim presets per scene ("ACT1-SC3 LS-14 6.35"), kept in a text file that
// is rewritten atomically.
#pragma once
#include <map>
#include <optional>
#include <string>

namespace cued {

class PresetStore {
public:
  explicit PresetStore(std::string path);

  /// Reads the presets; falls back to the ".bak" copy if the file is damaged.
  void load();
  /// Writes all presets; throws std::runtime_error if they did not reach disk.
  void save() const;

  void set(const std::string &scene, const std::string &line, double metres);
  std::optional<double> get(const std::string &scene,
                            const std::string &line) const;
  std::size_t size() const;

private:
  bool parse(std::istream &in);

  std::string path_;
  std::map<std::string, std::map<std::string, double>> presets_;
};

} // namespace cued
