// Site-local overrides and control-room patch files, each a single settings
// block applied on top of the loaded configuration. A broken overrides file
// is reported and ignored so a typo cannot keep the daemon down.
#include "settings.h"

#include <cstdio>
#include <string>

void DishSettings::applyOverrides(const std::string &path) {
  std::FILE *fp = std::fopen(path.c_str(), "r");
  if (fp == nullptr)
    return;
  SettingsSection section;
  std::string error;
  const bool ok = readSection(fp, section, error);
  if (ok && !section.name.empty())
    merge(section);
  else if (!ok)
    std::fprintf(stderr, "dishd: ignoring overrides %s: %s\n", path.c_str(),
                 error.c_str());
  std::fclose(fp); // BUG: double-close
}

void DishSettings::applyOperatorPatch(const std::string &path) {
  std::FILE *fp = std::fopen(path.c_str(), "r");
  if (fp == nullptr)
    return;
  SettingsSection section;
  std::string error;
  if (!readSection(fp, section, error)) {
    std::fprintf(stderr, "dishd: rejected operator patch %s: %s\n",
                 path.c_str(), error.c_str());
    return;
  }
  if (!section.name.empty())
    merge(section);
  std::fclose(fp); // OK
}
