package cli

import (
	"fmt"
	"io"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/spf13/pflag"

	"github.com/pp2go/pp2go/rt"
	"github.com/pp2go/pp2go/rt/puppetdb"
)

// pdbFlags are the PuppetDB flags of compile (and serve): puppetdb.conf's
// server_urls and Puppet's SSL files.
type pdbFlags struct {
	urls          []string
	ssldir        string
	cert, key, ca string
	noStore       bool
	timeout       time.Duration
	client        *puppetdb.Client
	producer      string
}

const pdbHelp = `--puppetdb URL (repeatable, or a comma-separated list as puppetdb.conf's
server_urls) is storeconfigs with PuppetDB, as puppetserver has it with
Puppet's puppetdb terminus: a <<| |>> collector collects the exported
resources of the other nodes from PuppetDB (and the node's own from its
catalog), and after a successful compile the node's facts and catalog are
stored with PuppetDB's 'replace facts' (v5) and 'replace catalog' (v9)
commands, unless --puppetdb-no-store; the function puppetdb_query of
PuppetDB's terminus queries it (without --puppetdb it is an unknown
function, as in Puppet without the terminus). A PuppetDB that cannot be reached
fails the compile with Puppet's error ("Could not retrieve resources from
the PuppetDB at ..."). https URLs use the client certificate, key and CA of
--puppetdb-ssldir (Puppet's layout: certs/CERTNAME.pem,
private_keys/CERTNAME.pem, certs/ca.pem; CERTNAME is the certname setting)
or of --puppetdb-cert, --puppetdb-key and --puppetdb-ca; http URLs (a
PuppetDB's plain loopback port) need none. The commands name the certname
setting as their producer.`

func (p *pdbFlags) add(f *pflag.FlagSet) {
	stringsVar(f, &p.urls, "puppetdb", "a PuppetDB server URL (https://HOST:8081; repeatable or comma-separated): collect exported resources from it and store the node's facts and catalog in it")
	f.StringVar(&p.ssldir, "puppetdb-ssldir", "", "Puppet's ssldir holding the certificate, key and CA for PuppetDB (certs/CERTNAME.pem, private_keys/CERTNAME.pem, certs/ca.pem)")
	f.StringVar(&p.cert, "puppetdb-cert", "", "the client certificate (PEM) for PuppetDB")
	f.StringVar(&p.key, "puppetdb-key", "", "the client certificate's private key (PEM) for PuppetDB")
	f.StringVar(&p.ca, "puppetdb-ca", "", "the CA certificate (PEM) that signed PuppetDB's certificate")
	f.BoolVar(&p.noStore, "puppetdb-no-store", false, "collect from PuppetDB but store nothing in it")
	f.DurationVar(&p.timeout, "puppetdb-timeout", 30*time.Second, "how long a request to one PuppetDB server may take (puppetdb.conf's server_url_timeout)")
}

// enabled reports whether a PuppetDB was given.
func (p *pdbFlags) enabled() bool { return len(p.urls) > 0 }

// setup makes the client and gives the program its exported resources.
func (p *pdbFlags) setup(prog *rt.Program) error {
	// storeconfigs is --puppetdb: $settings::storeconfigs shows it, as
	// puppetserver's with PuppetDB's terminus
	storeconfigs, set := prog.BuildSetting("storeconfigs")
	if !p.enabled() {
		if p.ssldir != "" || p.cert != "" || p.key != "" || p.ca != "" || p.noStore {
			return fmt.Errorf("the --puppetdb-* flags need --puppetdb URL")
		}
		if storeconfigs == true {
			return fmt.Errorf("storeconfigs=true needs --puppetdb URL: pp2go's storeconfigs backend is PuppetDB")
		}
		return nil
	}
	if set && storeconfigs == false {
		return fmt.Errorf("--puppetdb is storeconfigs with PuppetDB: it cannot be given with storeconfigs=false")
	}
	if err := prog.SetBuildSetting("storeconfigs", "true"); err != nil {
		return err
	}
	var urls []string
	for _, u := range p.urls {
		for _, s := range strings.Split(u, ",") {
			if s = strings.TrimSpace(s); s != "" {
				urls = append(urls, s)
			}
		}
	}
	cfg := puppetdb.Config{URLs: urls, Timeout: p.timeout}
	p.producer = prog.Setting("certname")
	if p.ssldir != "" {
		if p.cert != "" || p.key != "" || p.ca != "" {
			return fmt.Errorf("give --puppetdb-ssldir or --puppetdb-cert, --puppetdb-key and --puppetdb-ca, not both")
		}
		cfg.SSLDir(p.ssldir, p.producer)
	} else {
		cfg.CertFile, cfg.KeyFile, cfg.CAFile = p.cert, p.key, p.ca
	}
	c, err := puppetdb.New(cfg)
	if err != nil {
		return err
	}
	p.client = c
	prog.Exported = c.Source()
	prog.PuppetDBQuery = c.PQL
	return nil
}

// store submits a compiled node's facts and catalog, as puppetserver's
// catalog request does (facts first); it logs each command's UUID at info
// level as the terminus does.
func (p *pdbFlags) store(w io.Writer, shown int, prog *rt.Program, node *rt.Node, res *rt.Result) error {
	if p.client == nil || p.noStore {
		return nil
	}
	now := time.Now().UTC()
	s := puppetdb.Stored{Environment: prog.Environment, Producer: p.producer, ProducerTimestamp: now}
	data := res.JSON
	if res.Info.Plain != nil {
		data = res.Catalog.JSON(richInfo(res.Info))
	}
	return p.submit(w, shown, node, res.Catalog, data, s)
}

// richInfo is info for the catalog PuppetDB's terminus sends: its rich
// values stringified from the catalog itself (stringify_rich), whatever
// the format the catalog is rendered in.
func richInfo(info rt.CatalogInfo) rt.CatalogInfo {
	info.Plain = nil
	return info
}

// storeAgent is serve's Store: the same for a catalog compiled for an
// agent, with the run's transaction_uuid and job_id, and the catalog with
// its exported resources (the one the terminus saves, before the
// indirection filters them out for the agent); the facts only when the
// compile failed.
func (p *pdbFlags) storeAgent(w io.Writer, shown int, prog *rt.Program) func(*rt.Node, *rt.Result, rt.CatalogInfo, url.Values) error {
	return func(node *rt.Node, res *rt.Result, info rt.CatalogInfo, form url.Values) error {
		now := time.Now().UTC()
		s := puppetdb.Stored{Environment: prog.Environment, Producer: p.producer, ProducerTimestamp: now,
			TransactionUUID: form.Get("transaction_uuid"), JobID: form.Get("job_id")}
		if res.Err != nil && res.Info.Plain == nil {
			// puppetserver saves the facts before it compiles; a
			// catalog that compiled is saved before it is rendered
			// (which fails under strict=error with plain JSON).
			return p.submitFacts(w, shown, node, s)
		}
		info.Agent = false
		return p.submit(w, shown, node, res.Catalog, res.Catalog.JSON(richInfo(info)), s)
	}
}

func (p *pdbFlags) submitFacts(w io.Writer, shown int, node *rt.Node, s puppetdb.Stored) error {
	trusted := node.Trusted
	if trusted == nil {
		trusted = rt.TrustedFor(node.Name, nil, nil)
	}
	uuid, err := p.client.Submit(puppetdb.CommandReplaceFacts, puppetdb.VersionReplaceFacts, node.Name, s.ProducerTimestamp,
		puppetdb.FactsPayload(node.Name, node.Facts, trusted, s))
	if err != nil {
		return err
	}
	p.info(w, shown, puppetdb.CommandReplaceFacts, node.Name, uuid)
	return nil
}

func (p *pdbFlags) submit(w io.Writer, shown int, node *rt.Node, cat *rt.Catalog, catalogJSON []byte, s puppetdb.Stored) error {
	if err := p.submitFacts(w, shown, node, s); err != nil {
		return err
	}
	payload, err := puppetdb.CatalogPayload(cat, catalogJSON, s)
	if err != nil {
		return err
	}
	uuid, err := p.client.Submit(puppetdb.CommandReplaceCatalog, puppetdb.VersionReplaceCatalog, node.Name, s.ProducerTimestamp, payload)
	if err != nil {
		return err
	}
	p.info(w, shown, puppetdb.CommandReplaceCatalog, node.Name, uuid)
	return nil
}

// storeReport is serve's Report: Puppet's puppetdb report processor.
func (p *pdbFlags) storeReport(w io.Writer, shown int) func(node string, body []byte) error {
	return func(node string, body []byte) error {
		now := time.Now().UTC()
		payload, err := puppetdb.ReportPayload(body, p.producer, now)
		if err != nil {
			return err
		}
		uuid, err := p.client.Submit(puppetdb.CommandStoreReport, puppetdb.VersionStoreReport, node, now, payload)
		if err != nil {
			return err
		}
		p.info(w, shown, puppetdb.CommandStoreReport, node, uuid)
		return nil
	}
}

func (p *pdbFlags) info(w io.Writer, shown int, command, certname, uuid string) {
	if shown >= 0 && shown <= logRank["info"] {
		fmt.Fprintf(w, "Info: '%s' command for %s submitted to PuppetDB with UUID %s\n", strings.ReplaceAll(command, " ", "_"), certname, uuid)
	}
}

const pdbServeHelp = `With --puppetdb, serve stores what puppetserver's PuppetDB terminus and
report processor store: the facts and the catalog (with its exported
resources, the agent's transaction_uuid and job_id) of each catalog request
before the catalog is sent (the facts also when the compile fails, as
puppetserver saves them first; a failure to store fails the request with a
500), and each report with 'store report' (v8; a failure is logged, the
report accepted). The client certificate for PuppetDB is the server's own
(--ssldir, --certname) unless --puppetdb-ssldir or --puppetdb-cert/-key/-ca
give another.`

// prefixedLog is a writer of whole lines to a log shared with others.
func prefixedLog(mu *sync.Mutex, w io.Writer) io.Writer { return lockedWriter{mu, w} }

type lockedWriter struct {
	mu *sync.Mutex
	w  io.Writer
}

func (l lockedWriter) Write(b []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(b)
}
