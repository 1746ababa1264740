// WashPlanBuilder: assembles the CIP programme step by step; every step runs through the route
// (valves and circulation pump) set with route().
#include "wash_plan.h"

#include <stdexcept>
#include <utility>

WashPlanBuilder& WashPlanBuilder::route(std::vector<std::string> valves, std::string pump) {
    valves_ = std::move(valves);
    pump_ = std::move(pump);
    return *this;
}

WashPlanBuilder& WashPlanBuilder::add(WashStep::Kind kind, const char* name, int seconds, double temp_c, int dose_ml) {
    WashStep step;
    step.kind = kind;
    step.name = name;
    step.seconds = seconds;
    step.temp_c = temp_c;
    step.dose_ml = dose_ml;
    steps_.push_back(std::move(step));
    return *this;
}

WashPlanBuilder& WashPlanBuilder::pre_rinse(int seconds) { return add(WashStep::Kind::PreRinse, "pre-rinse", seconds, 35.0, 0); }

WashPlanBuilder& WashPlanBuilder::caustic(int seconds, double temp_c, int dose_ml) {
    return add(WashStep::Kind::Caustic, "caustic", seconds, temp_c, dose_ml);
}

WashPlanBuilder& WashPlanBuilder::rinse(int seconds) { return add(WashStep::Kind::Rinse, "rinse", seconds, 20.0, 0); }

WashPlanBuilder& WashPlanBuilder::acid(int seconds, int dose_ml) { return add(WashStep::Kind::Acid, "acid", seconds, 40.0, dose_ml); }

WashPlanBuilder& WashPlanBuilder::sanitize(int seconds, int dose_ml) {
    return add(WashStep::Kind::Sanitize, "sanitize", seconds, 20.0, dose_ml);
}

WashPlanBuilder& WashPlanBuilder::drain(int seconds) { return add(WashStep::Kind::Drain, "drain", seconds, 0.0, 0); }

WashPlan WashPlanBuilder::build() const {
    if (valves_.empty() || pump_.empty()) throw std::logic_error("wash plan without a route");
    if (steps_.empty()) throw std::logic_error("wash plan without steps");
    WashPlan plan;
    for (WashStep step : steps_) {
        step.valves = valves_;
        step.pump = pump_;
        plan.steps.push_back(std::move(step));
    }
    return plan;
}
