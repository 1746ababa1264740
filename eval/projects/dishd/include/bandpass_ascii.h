// Bandpass spectra export: averaged autocorrelation spectra written as text
// for the calibration pipeline, plus a small binary-safe index file.
#pragma once
#include <string>
#include <vector>

class ShiftLog;

struct Spectrum {
  double mjd = 0.0;
  std::vector<float> power;
};

/// Writes one line per spectrum; returns false if the file was truncated.
bool writeBandpassAscii(const std::string &path,
                        const std::vector<Spectrum> &spectra, ShiftLog &log);
/// Writes "<mjd> <channels>" per spectrum via a temporary and a rename.
bool writeBandpassIndex(const std::string &path,
                        const std::vector<Spectrum> &spectra);
