package puppetdb

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"
)

// ReportPayload is the payload of store report v8 made from an agent's
// report (the JSON it PUTs to /puppet/v3/report, Puppet::Transaction::
// Report#to_data_hash), as Puppet's puppetdb report processor makes it
// (reports/puppetdb.rb report_to_hash): the resources with events or
// skipped only (include_unchanged_resources is off by default), events'
// values as strings, metrics as {category, name, value}, times with
// milliseconds.
func ReportPayload(report []byte, producer string, producerTimestamp time.Time) (map[string]any, error) {
	d := json.NewDecoder(bytes.NewReader(report))
	d.UseNumber()
	var r map[string]any
	if err := d.Decode(&r); err != nil {
		return nil, fmt.Errorf("the report is not JSON: %w", err)
	}
	if r["environment"] == nil {
		return nil, fmt.Errorf("Environment is nil, unable to submit report. This may be due a bug with Puppet. " +
			"Ensure you are running the latest revision, see PUP-2508 for more details.")
	}
	start, err := reportTime(r["time"])
	if err != nil {
		return nil, fmt.Errorf("the report's time: %w", err)
	}
	metrics, _ := r["metrics"].(map[string]any)
	duration := 0.0
	if tm, ok := metrics["time"].(map[string]any); ok {
		for _, v := range list(tm["values"]) {
			if x := list(v); len(x) == 3 && x[0] == "total" {
				duration, _ = toFloat(x[2])
			}
		}
	}
	var resources []any
	statuses, _ := r["resource_statuses"].(map[string]any)
	keys := make([]string, 0, len(statuses))
	for k := range statuses {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	noopEvent, enforced := false, false
	for _, k := range keys {
		s, ok := statuses[k].(map[string]any)
		if !ok {
			continue
		}
		var events []any
		for _, e := range list(s["events"]) {
			ev, ok := e.(map[string]any)
			if !ok {
				continue
			}
			if ev["status"] == "noop" {
				noopEvent = true
			} else {
				enforced = true
			}
			events = append(events, map[string]any{
				"status":            ev["status"],
				"timestamp":         wireTimeOf(ev["time"]),
				"name":              ev["name"],
				"property":          ev["property"],
				"new_value":         rubyToS(ev["desired_value"]),
				"old_value":         rubyToS(ev["previous_value"]),
				"corrective_change": ev["corrective_change"],
				"message":           ev["message"],
			})
		}
		skipped, _ := s["skipped"].(bool)
		if len(events) == 0 && !skipped {
			continue
		}
		if events == nil {
			events = []any{}
		}
		resources = append(resources, map[string]any{
			"skipped":           skipped,
			"timestamp":         wireTimeOf(s["time"]),
			"resource_type":     s["resource_type"],
			"resource_title":    fmt.Sprint(s["title"]),
			"file":              s["file"],
			"line":              s["line"],
			"containment_path":  s["containment_path"],
			"corrective_change": s["corrective_change"],
			"events":            events,
		})
	}
	if resources == nil {
		resources = []any{}
	}
	noop, ok := r["noop"]
	if !ok || noop == nil {
		noop = noopEvent && !enforced
	}
	var logs []any
	for _, l := range list(r["logs"]) {
		m, ok := l.(map[string]any)
		if !ok {
			continue
		}
		tags := m["tags"]
		if tags == nil {
			tags = []any{}
		}
		logs = append(logs, map[string]any{"file": m["file"], "line": m["line"], "level": m["level"],
			"message": m["message"], "source": m["source"], "tags": tags, "time": wireTimeOf(m["time"])})
	}
	if logs == nil {
		logs = []any{}
	}
	var metricList []any
	names := make([]string, 0, len(metrics))
	for k := range metrics {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, k := range names {
		m, ok := metrics[k].(map[string]any)
		if !ok {
			continue
		}
		for _, v := range list(m["values"]) {
			if x := list(v); len(x) == 3 {
				metricList = append(metricList, map[string]any{"category": m["name"], "name": x[0], "value": x[2]})
			}
		}
	}
	if metricList == nil {
		metricList = []any{}
	}
	catalogUUID := r["catalog_uuid"]
	if _, ok := r["catalog_uuid"]; !ok {
		catalogUUID = r["transaction_uuid"]
	}
	end := start.Add(time.Duration(duration * float64(time.Second)))
	return map[string]any{
		"certname":              r["host"],
		"job_id":                r["job_id"],
		"puppet_version":        r["puppet_version"],
		"report_format":         r["report_format"],
		"configuration_version": rubyToS(r["configuration_version"]),
		"producer_timestamp":    WireTime(producerTimestamp),
		"start_time":            WireTime(start),
		"end_time":              WireTime(end),
		"environment":           r["environment"],
		"transaction_uuid":      r["transaction_uuid"],
		"status":                r["status"],
		"noop":                  noop,
		"noop_pending":          r["noop_pending"],
		"corrective_change":     r["corrective_change"],
		"logs":                  logs,
		"metrics":               metricList,
		"resources":             resources,
		"catalog_uuid":          catalogUUID,
		"code_id":               r["code_id"],
		"cached_catalog_status": r["cached_catalog_status"],
		"producer":              producer,
	}, nil
}

func list(v any) []any {
	a, _ := v.([]any)
	return a
}

func toFloat(v any) (float64, bool) {
	switch x := v.(type) {
	case json.Number:
		f, err := x.Float64()
		return f, err == nil
	case float64:
		return x, true
	}
	return 0, false
}

// reportTime parses a report's time (Ruby's Time#iso8601(9) as JSON has it).
func reportTime(v any) (time.Time, error) {
	s, ok := v.(string)
	if !ok {
		return time.Time{}, fmt.Errorf("%v is not a time", v)
	}
	return time.Parse(time.RFC3339Nano, s)
}

// wireTimeOf is to_wire_time of a time of the report, in its own zone.
func wireTimeOf(v any) any {
	t, err := reportTime(v)
	if err != nil {
		return v
	}
	if s, _ := v.(string); strings.HasSuffix(s, "Z") {
		return WireTime(t.UTC())
	}
	return t.Format("2006-01-02T15:04:05.000-07:00")
}

// rubyToS is Ruby's to_s of a value of the report's JSON: strings as they
// are, nil as "", arrays and hashes as Ruby inspects them.
func rubyToS(v any) string {
	switch x := v.(type) {
	case nil:
		return ""
	case string:
		return x
	case json.Number:
		return x.String()
	case bool:
		return strconv.FormatBool(x)
	}
	return rubyInspect(v)
}

func rubyInspect(v any) string {
	switch x := v.(type) {
	case nil:
		return "nil"
	case string:
		b, _ := json.Marshal(x)
		return string(b)
	case []any:
		parts := make([]string, len(x))
		for i, e := range x {
			parts[i] = rubyInspect(e)
		}
		return "[" + strings.Join(parts, ", ") + "]"
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		parts := make([]string, len(keys))
		for i, k := range keys {
			parts[i] = rubyInspect(k) + "=>" + rubyInspect(x[k])
		}
		return "{" + strings.Join(parts, ", ") + "}"
	}
	return rubyToS(v)
}
