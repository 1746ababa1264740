//===- Inference.h - Protocol inference across translation units -*- C++ -*-===//
//
// Protocols and function summaries cross translation units: a class whose
// methods pipe.cpp defines is used from main.cpp. ProtocolInference is the
// one owner of what a run knows about them: the facts of every unit added
// so far (merged), the protocols they decide, and the digest that says
// whether a unit was analyzed with the protocols it needs. The runner, the
// engine, --list-protocols and the result cache all go through it.
// No clang header.
//
//===----------------------------------------------------------------------===//
#ifndef ERRLINT_INFERENCE_H
#define ERRLINT_INFERENCE_H

#include "Protocols.h"
#include <functional>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace errlint {

/// What one translation unit gives to protocol inference and what it took
/// from it: its facts, the classes (and functions) it uses without their
/// definitions, and the digest of their protocols its findings were
/// computed with.
struct UnitInference {
  std::vector<ClassFacts> Facts;
  /// Classes called here whose methods are defined elsewhere, and
  /// "<function summaries>::USR" for each function called without a body.
  std::vector<std::string> Pending;
  /// The files that declare them (their headers).
  std::vector<std::string> PendingHeaders;
  /// ProtocolInference::digest() of Pending under the protocols used.
  std::string PendingDigest;
};

/// Writes U's fields into the object J (the wire and the cache entries hold
/// them beside the findings).
void writeInference(nlohmann::json &J, const UnitInference &U);
/// Throws nlohmann::json::exception when J does not hold what
/// writeInference wrote.
UnitInference readInference(const nlohmann::json &J);
/// Replaces every file path U holds by Map(path).
void mapPaths(UnitInference &U,
              const std::function<std::string(const std::string &)> &Map);

/// The facts of the units of a run, and the protocols they decide.
class ProtocolInference {
public:
  explicit ProtocolInference(const Catalog &Cat) : Cat(&Cat) {}

  /// Adds the facts of a unit: a class seen in several keeps every method
  /// with a body once.
  void addFacts(const std::vector<ClassFacts> &Facts);
  void addUnit(const UnitInference &U) { addFacts(U.Facts); }
  /// A unit analyzed again (Before, then Now): what its functions do now
  /// replaces what they did before (its class facts are the same).
  void updateUnit(const UnitInference &Before, const UnitInference &Now);

  bool empty() const { return Facts.empty(); }
  const std::vector<ClassFacts> &facts() const { return Facts; }

  /// The protocol of each class the facts give one (decided once per
  /// change of the facts).
  const std::vector<InferredProtocol> &protocols() const;

  /// The classes the facts show to be thread pools (decided once per
  /// change of the facts).
  const std::vector<InferredExecutor> &executors() const;

  /// The classes the facts show to keep callables and call them later
  /// (decided once per change of the facts).
  const std::vector<InferredRegistry> &registries() const;

  /// The protocols and executors as rules of the catalogue, for the
  /// analysis.
  std::vector<Rule> rules() const;

  /// What each function defined in the units added does, by USR.
  std::map<std::string, const MethodFacts *> functionSummaries() const;

  /// True when a unit's facts define Method ("Class::method", or
  /// "<function summaries>::USR").
  bool defines(const std::string &Method) const;

  /// A digest of the protocols of the Pending classes and the summaries of
  /// the Pending functions: a unit that uses them was analyzed right if it
  /// saw the same digest.
  std::string digest(const std::vector<std::string> &Pending) const;

  /// True when a unit analyzed with U must be analyzed again: what it uses
  /// from other units is not what it was analyzed with.
  bool needsSecondPass(const UnitInference &U) const {
    return !U.Pending.empty() && digest(U.Pending) != U.PendingDigest;
  }

private:
  const Catalog *Cat;
  std::vector<ClassFacts> Facts;
  mutable std::optional<std::vector<InferredProtocol>> Decided;
  mutable std::optional<std::vector<InferredExecutor>> DecidedExecutors;
  mutable std::optional<std::vector<InferredRegistry>> DecidedRegistries;
  mutable std::optional<std::set<std::string>> Defined;
};

} // namespace errlint

#endif
