// WashStep, WashPlan and WashPlanBuilder: the clean-in-place programme, assembled step by step.
#pragma once
#include <string>
#include <vector>

struct WashStep {
    enum class Kind { PreRinse, Caustic, Rinse, Acid, Sanitize, Drain };
    Kind kind = Kind::Rinse;
    std::string name;
    int seconds = 0;
    double temp_c = 0.0;
    int dose_ml = 0;
    std::vector<std::string> valves;
    std::string pump;
};

struct WashPlan {
    std::vector<WashStep> steps;
};

class WashPlanBuilder {
public:
    WashPlanBuilder& route(std::vector<std::string> valves, std::string pump);
    WashPlanBuilder& pre_rinse(int seconds);
    WashPlanBuilder& caustic(int seconds, double temp_c, int dose_ml);
    WashPlanBuilder& rinse(int seconds);
    WashPlanBuilder& acid(int seconds, int dose_ml);
    WashPlanBuilder& sanitize(int seconds, int dose_ml);
    WashPlanBuilder& drain(int seconds);
    WashPlan build() const;   // throws std::logic_error without a route or without steps

private:
    WashPlanBuilder& add(WashStep::Kind kind, const char* name, int seconds, double temp_c, int dose_ml);

    std::vector<std::string> valves_;
    std::string pump_;
    std::vector<WashStep> steps_;
};
