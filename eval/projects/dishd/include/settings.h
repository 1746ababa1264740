// dishd settings: an INI-like file of "[section]" blocks of "key = value"
// lines, optional include files, and a local overrides file.
#pragma once
#include <cstdint>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

struct SettingsSection {
  std::string name;
  std::map<std::string, std::string> values;
};

/// Parses one "[section]" block from fp, up to a blank line or EOF. A
/// malformed line leaves the stream unusable: readSection closes fp, fills
/// error and returns false. At EOF it returns true with an empty name.
bool readSection(std::FILE *fp, SettingsSection &out, std::string &error);

class DishSettings {
public:
  static DishSettings load(const std::string &path);
  /// Optional site-local overrides; a missing or bad file is ignored.
  void applyOverrides(const std::string &path);
  /// Operator patch file dropped in by the control room; first block only.
  void applyOperatorPatch(const std::string &path);

  void merge(const SettingsSection &section);
  std::string text(const std::string &section, const std::string &key,
                   const std::string &fallback = "") const;
  double number(const std::string &section, const std::string &key,
                double fallback) const;
  std::uint16_t port(const std::string &section, const std::string &key,
                     std::uint16_t fallback) const;
  std::vector<std::string> list(const std::string &section,
                                const std::string &key) const;

private:
  void readIncludes(const std::vector<std::string> &paths);
  std::map<std::string, std::map<std::string, std::string>> sections_;
};
