#!/usr/bin/env python3
"""The drop-in corpus: real Triton programs (repositories' own tests, a few drivers) for dropin.py.

    python3 tests/realworld/corpus.py fetch DEST [--mirror /work/.mirror] [--repo NAME]
    python3 tests/realworld/corpus.py run DEST --work W [--repo NAMES] [--program N,NAME/N] [--group N]
                                          [--budget S] [--skip-done] [--dropin-args ...]
    python3 tests/realworld/corpus.py summary W [-o FILE]
    python3 tests/realworld/corpus.py check DEST [--repo NAME]     # imports each program needs, on the CPU
    python3 tests/realworld/corpus.py count DEST [--repo NAME]     # kernels each program should launch

tests/realworld/corpus.json lists, per repository, its url, the commit, the paths taken out of it
(package sources and the tests used) and the programs: argv lists run from the repository's
root, with the PYTHONPATH entries they need, the packages registered without their __init__.py
(stubinit.py) and the environment. `{realworld}` in an argv or pythonpath entry is this folder.

fetch writes DEST/NAME/ for each repository: `git archive` of the commit's paths from the mirror
(MIRROR/OWNER+NAME/repo, a bare git directory), or a clone of the url checked out at the commit
when there is no mirror. No third-party file enters this repository: DEST is an ignored folder
(/.corpus in .gitignore).

run runs dropin.py over each program, one work folder each (W/NAME/N), its output in
W/NAME/N/log.txt, going on past failures; a program past its timeout is stopped (its process
group). summary reads every W/*/*/report.json into one markdown table per repository and the
most common refusal reasons. check and count read the sources only (ast): check lists the
modules a program imports that are neither in the repository nor installed on the GPU machine
(INSTALLED), count the @triton.jit functions that the program's tests reach through the calls of
the repository's functions (a static estimate of what it launches).
"""
import argparse
import ast
import collections
import concurrent.futures
import json
import math
import os
import re
import shutil
import signal
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
MANIFEST = os.environ.get('CORPUS_MANIFEST') or os.path.join(HERE, 'corpus.json')  # another one: for tests
DROPIN = os.path.join(HERE, 'dropin.py')
STUBINIT = os.path.join(HERE, 'stubinit.py')

# What the GPU machine has besides the standard library: torch, triton, numpy, scipy, pytest,
# einops, transformers and the packages they depend on.
INSTALLED = {'torch', 'triton', 'numpy', 'scipy', 'pytest', '_pytest', 'pluggy', 'iniconfig', 'einops',
             'transformers', 'tokenizers', 'huggingface_hub', 'safetensors', 'regex', 'packaging', 'yaml', 'tqdm',
             'filelock', 'requests', 'urllib3', 'certifi', 'idna', 'charset_normalizer', 'fsspec', 'sympy', 'mpmath',
             'networkx', 'jinja2', 'markupsafe', 'typing_extensions', 'setuptools', 'pkg_resources', 'httpx',
             'typer', 'click', 'hf_xet', 'nvidia', 'cuda'}


def load_manifest():
    with open(MANIFEST) as f:
        return json.load(f)


def selected(manifest, names):
    """The repositories of names (comma-separated), or all."""
    repos = [r for r in manifest['repos'] if names is None or r['name'] in names.split(',')]
    if not repos:
        sys.exit('corpus: no repository %r in %s' % (names, MANIFEST))
    return repos


def expand(text):
    return text.replace('{realworld}', HERE)


# ---------------------------------------------------------------------------------------------
# fetch
# ---------------------------------------------------------------------------------------------

def fetch_repo(repo, dest, mirror):
    """Writes the commit's paths of repo under dest/NAME, from the mirror or a clone."""
    into = os.path.join(dest, repo['name'])
    if os.path.exists(into):
        shutil.rmtree(into)
    os.makedirs(into)
    git_dir = os.path.join(mirror, repo['mirror'], 'repo') if mirror else None
    clone = None
    if not git_dir or not os.path.isdir(git_dir):
        clone = os.path.join(dest, '.clones', repo['name'])
        if not os.path.isdir(clone):
            subprocess.run(['git', 'clone', '--quiet', '--no-checkout', repo['url'], clone], check=True)
        git_dir = os.path.join(clone, '.git')
    # The mirrors lack their largest blobs (over 4 MiB): git archive names them on stderr even
    # when the paths leave them out, so its stderr is shown only when it fails.
    archive = subprocess.run(['git', '--git-dir', git_dir, 'archive', '--format=tar', repo['commit'], '--']
                             + repo['paths'], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if archive.returncode != 0:
        sys.exit('corpus: git archive of %s failed:\n%s' % (repo['name'], archive.stderr.decode(errors='replace')))
    subprocess.run(['tar', '-x', '-C', into], input=archive.stdout, check=True)
    print('corpus: %s at %s: %s' % (repo['name'], repo['commit'][:12], ', '.join(repo['paths'])), flush=True)


def cmd_fetch(args):
    os.makedirs(args.dest, exist_ok=True)
    for repo in selected(load_manifest(), args.repo):
        fetch_repo(repo, args.dest, args.mirror)


# ---------------------------------------------------------------------------------------------
# run
# ---------------------------------------------------------------------------------------------

def program_argv(program):
    """The program's command line, behind stubinit.py (its stubbed packages, the autotune limit)."""
    argv = [expand(a) for a in program['argv']]
    stubs = ['%s=%s' % kv for kv in sorted(program.get('stub_packages', {}).items())]
    return [STUBINIT] + stubs + ['--'] + argv


def program_env(program, root, manifest_env=None):
    env = dict(os.environ)
    env.update({k: str(v) for k, v in (manifest_env or {}).items()})
    paths = [os.path.normpath(os.path.join(root, expand(p))) for p in program.get('pythonpath', ['.'])]
    env['PYTHONPATH'] = os.pathsep.join(paths + ([env['PYTHONPATH']] if env.get('PYTHONPATH') else []))
    env.update({k: str(v) for k, v in program.get('env', {}).items()})
    return env


BUILD_SECONDS = 150  # what the nvcc builds of one program take at most, on 16 cores, beside its two runs


def wait_group(proc, seconds):
    """The exit status of proc, or 'timeout' after its process group was killed past seconds."""
    try:
        return proc.wait(timeout=max(1, seconds))
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
        return 'timeout'


def run_program(repo, index, program, args, seconds_left):
    """dropin.py over one program: capture and compare runs of at most `timeout` seconds each,
    the whole stopped (its process group) past two runs and the builds or past seconds_left."""
    root = os.path.join(args.dest, repo['name'])
    work = os.path.join(args.work, repo['name'], str(index))
    os.makedirs(work, exist_ok=True)
    for stale in ('report.json', 'report.md', 'program.json'):
        if os.path.exists(os.path.join(work, stale)):
            os.remove(os.path.join(work, stale))
    outer = min(2 * (args.timeout or program.get('timeout', 240)) + BUILD_SECONDS, seconds_left)
    per_run = min(args.timeout or program.get('timeout', 240), max(30, (outer - 30) // 2))
    cmd = [sys.executable, DROPIN, '--work', work, '--timeout', str(per_run)] + args.dropin_args + ['--'] \
        + program_argv(program)
    record = {'repo': repo['name'], 'index': index, 'root': os.path.abspath(root), 'cmd': cmd,
              'what': program.get('what', ''), 'timeout': per_run}
    start = time.time()
    with open(os.path.join(work, 'log.txt'), 'w') as log:
        log.write('corpus: cd %s && PYTHONPATH=%s %s\n' % (root, program_env(program, root, args.env)['PYTHONPATH'],
                                                          ' '.join(cmd)))
        log.flush()
        proc = subprocess.Popen(cmd, cwd=root, env=program_env(program, root, args.env), stdout=log,
                                stderr=subprocess.STDOUT, start_new_session=True)
        record['rc'] = wait_group(proc, outer)
        left = outer - (time.time() - start)
        captured = os.path.join(work, 'capture.jsonl')
        if not os.path.exists(os.path.join(work, 'builds.json')) and os.path.exists(captured) \
                and os.path.getsize(captured) and left > 90:
            # the capture run passed --timeout (dropin.py stops there): build and compare what it saw
            log.write('corpus: the capture run was stopped; building and comparing what it launched\n')
            log.flush()
            again = cmd[:4] + ['--timeout', str(int(left - 60) // 2), '--passes', 'build,compare'] + cmd[6:]
            proc = subprocess.Popen(again, cwd=root, env=program_env(program, root, args.env), stdout=log,
                                    stderr=subprocess.STDOUT, start_new_session=True)
            record['rc_build_compare'] = wait_group(proc, left - 15)
        if not os.path.exists(os.path.join(work, 'report.json')):  # stopped: the report of what it has
            subprocess.run([sys.executable, DROPIN, '--work', work, '--passes', 'report', '--', 'none'], cwd=root,
                           stdout=log, stderr=subprocess.STDOUT, timeout=120)
    record['seconds'] = round(time.time() - start, 1)
    with open(os.path.join(work, 'program.json'), 'w') as f:
        json.dump(record, f, indent=1)
    print('corpus: %s/%d: rc %s in %.0f s (%s)' % (repo['name'], index, record['rc'], record['seconds'],
                                                   program.get('what', '')), flush=True)


def chosen_programs(manifest, args):
    """(repo, index, program) of --repo (names, comma-separated) and --program (N or NAME/N items)."""
    names = set(args.repo.split(',')) if args.repo else None
    wanted = set(args.program.split(',')) if args.program else None
    if args.group is not None:  # (N, or N,M,...: several groups' programs)
        for g in str(args.group).split(','):
            wanted = (wanted or set()) | set(manifest['groups'][int(g)])
    for repo in manifest['repos']:
        in_repo = names is None or repo['name'] in names
        for index, program in enumerate(repo['programs']):
            if wanted is None:
                chosen = in_repo
            else:
                chosen = '%s/%d' % (repo['name'], index) in wanted or (names is not None and in_repo
                                                                       and str(index) in wanted)
            if chosen:
                yield repo, index, program


def cmd_run(args):
    args.dest, args.work = os.path.abspath(args.dest), os.path.abspath(args.work)
    start = time.time()
    manifest = load_manifest()
    args.env = manifest.get('env', {})
    chosen = list(chosen_programs(manifest, args))
    if not chosen:
        sys.exit('corpus: no program of the manifest matches --repo %s --program %s --group %s'
                 % (args.repo, args.program, args.group))
    left_out = []
    if args.jobs > 1 and '--time-launches' not in args.dropin_args:
        # programs side by side share the GPU: their times would be each other's
        args.dropin_args = args.dropin_args + ['--time-launches', '0']
    if args.jobs > 1 and '--jobs' not in args.dropin_args:  # (the builds' nvcc processes shared out too)
        args.dropin_args = args.dropin_args + ['--jobs', str(max(2, (os.cpu_count() or 2) // args.jobs))]
        print('corpus: --jobs %d: correctness and coverage only (--time-launches 0)' % args.jobs, flush=True)

    def one(item):
        repo, index, program = item
        name = '%s/%d' % (repo['name'], index)
        if args.skip_done and os.path.exists(os.path.join(args.work, name, 'program.json')):
            return
        left = args.budget - (time.time() - start) if args.budget else 10 ** 9
        if left < 90:
            left_out.append(name)
            return
        run_program(repo, index, program, args, int(left) - 15)

    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        list(pool.map(one, chosen))
    if left_out:
        print('corpus: not run within the budget: %s (run the command again with --skip-done)' % ' '.join(left_out))
    else:
        print('corpus: every chosen program has run (%.0f s)' % (time.time() - start))


# ---------------------------------------------------------------------------------------------
# summary
# ---------------------------------------------------------------------------------------------

BUILD_FAILURES = ('refused', 'unsupported', 'nvcc-failed', 'nvcc-timeout', 'harness-error', 'not-built')
COLUMNS = ['refused', 'unsupported', 'nvcc-failed', 'built', 'equal', 'close', 'racy', 'mismatch', 'fault',
           'launch-error', 'unchecked', 'not-launched']


def read_program(folder):
    info = {}
    for name in ('program.json', 'report.json'):
        path = os.path.join(folder, name)
        if os.path.exists(path):
            with open(path) as f:
                info[name.split('.')[0]] = json.load(f)
    log = os.path.join(folder, 'log.txt')
    if os.path.exists(log):
        with open(log, errors='replace') as f:
            m = re.search(r'the program exited with (-?\d+) under Triton', f.read())
        info['triton_rc'] = int(m.group(1)) if m else None
    return info


def reason_key(reason):
    """A refusal's message without its place and its numbers, to count causes."""
    text = reason.split(' error: ', 1)[-1] if ' error: ' in reason else reason
    return re.sub(r'\d+', 'N', text).strip()[:140]


def status_column(status):
    if status == 'nvcc-timeout':
        return 'nvcc-failed'
    return 'fault' if status.startswith('fault') else status


def repo_table(name, programs):
    """The markdown of one repository: a line per program and its totals."""
    lines = ['### %s' % name, '',
             '| program | Triton rc | kernels | specs | ' + ' | '.join(COLUMNS) + ' | geomean Triton/tl2cu | slowest |',
             '|' + ' --- |' * (len(COLUMNS) + 6)]
    totals = collections.Counter()
    kernels_all, ratios_all, slow_all = set(), [], []
    for index, info in programs:
        rows = info.get('report', [])
        root = info.get('program', {}).get('root', '')
        counts = collections.Counter(status_column(r['status']) for r in rows)
        counts['built'] = sum(1 for r in rows if r['status'] not in BUILD_FAILURES)
        kernels = {(os.path.relpath(r['file'], root) if r.get('file') and root else r.get('file'), r['kernel'])
                   for r in rows}
        kernels_all |= kernels
        ratios = [(r['triton_us'] / r['tl2cu_us'], r['kernel']) for r in rows
                  if r.get('tl2cu_us') and r.get('triton_us') and r['triton_us'] >= 50]
        ratios_all += ratios
        slow = sorted(ratios)[:3]
        slow_all += slow
        totals.update(counts)
        totals['specs'] += len(rows)
        rc = info.get('program', {}).get('rc')
        what = info.get('program', {}).get('what', '') or str(index)
        lines.append('| %s | %s | %d | %d | %s | %s | %s |' % (
            what.replace('|', '/'), info.get('triton_rc') if rc != 'timeout' else 'timeout', len(kernels), len(rows),
            ' | '.join(str(counts.get(c, 0)) for c in COLUMNS), geomean_text(ratios),
            ', '.join('%s %.2f' % (k, x) for x, k in slow)))
    lines.append('| **all** | | %d | %d | %s | %s | %s |' % (
        len(kernels_all), totals['specs'], ' | '.join(str(totals.get(c, 0)) for c in COLUMNS),
        geomean_text(ratios_all), ', '.join('%s %.2f' % (k, x) for x, k in sorted(slow_all)[:5])))
    return lines, kernels_all


def geomean_text(ratios):
    if not ratios:
        return ''
    return '%.2f (%d)' % (math.exp(sum(math.log(x) for x, _ in ratios) / len(ratios)), len(ratios))


WRONG = ('mismatch', 'fault-tl2cu', 'launch-error')
COMPARED = ('equal', 'close', 'racy') + WRONG


def load_explained(path):
    """(repo, file's basename, kernel) -> the entry of tests/realworld/explained.json."""
    if not path or not os.path.exists(path):
        return {}
    with open(path) as f:
        entries = json.load(f)['kernels']
    return {(e['repo'], e['file'], e['kernel']): e for e in entries}


def mismatch_lines(by_repo, explained):
    """How many kernels ran (compared on a launch at least), and each kernel that differed from
    Triton or faulted: explained (tests/realworld/explained.json, with its evidence) or not."""
    kernels, ran, wrong = set(), set(), collections.OrderedDict()
    for repo, programs in by_repo.items():
        for index, info in programs:
            for r in info.get('report', []):
                key = (repo, os.path.basename(r.get('file') or '?'), r.get('kernel'))
                kernels.add(key)
                if r['status'] in COMPARED:
                    ran.add(key)
                if r['status'] in WRONG:
                    entry = wrong.setdefault(key, {'specs': 0, 'status': r['status'], 'reason': r.get('reason') or '',
                                                   'where': '%s/%d' % (repo, index)})
                    entry['specs'] += 1
    share = 100.0 * len(ran) / len(kernels) if kernels else 0.0
    lines = ['%d of %d kernels (%.0f%%) ran beside Triton on at least one launch.' % (len(ran), len(kernels), share),
             '', '## Kernels that differed from Triton', '',
             '| repository | kernel | program | specializations | status | explained | first difference |',
             '| --- | --- | --- | --- | --- | --- | --- |']
    unexplained = 0
    for (repo, file, kernel), w in wrong.items():
        e = explained.get((repo, file, kernel))
        unexplained += e is None
        why = ('%s (%s)' % (e['why'], e['evidence'])) if e else 'UNEXPLAINED'
        lines.append('| %s | %s (%s) | %s | %d | %s | %s | %s |' % (
            repo, kernel, file, w['where'], w['specs'], w['status'], why.replace('|', '\\|'),
            w['reason'].replace('|', '\\|')[:160]))
    lines += ['', '%d kernels differed: %d explained, %d unexplained.' % (len(wrong), len(wrong) - unexplained,
                                                                           unexplained), '']
    return lines


def cmd_summary(args):
    by_repo = collections.defaultdict(list)
    for repo in sorted(os.listdir(args.work)):
        folder = os.path.join(args.work, repo)
        if not os.path.isdir(folder):
            continue
        for index in sorted((d for d in os.listdir(folder) if d.isdigit()), key=int):
            by_repo[repo].append((int(index), read_program(os.path.join(folder, index))))
    out, reasons, total_kernels = ['# Drop-in corpus results', ''], collections.Counter(), 0
    for repo, programs in by_repo.items():
        lines, kernels = repo_table(repo, programs)
        total_kernels += len(kernels)
        out += lines + ['']
        for _, info in programs:
            for r in info.get('report', []):
                if r['status'] in ('refused', 'unsupported', 'nvcc-failed'):
                    reasons[(r['status'], reason_key(r.get('reason') or ''))] += 1
    out += ['%d distinct kernels launched over %d repositories.' % (total_kernels, len(by_repo)), '']
    out += mismatch_lines(by_repo, load_explained(args.explained))
    out += ['## Top refusal reasons', '', '| count | status | reason |', '| --- | --- | --- |']
    for (status, reason), n in reasons.most_common(args.top):
        out.append('| %d | %s | %s |' % (n, status, reason.replace('|', '\\|')))
    text = '\n'.join(out) + '\n'
    if args.output:
        with open(args.output, 'w') as f:
            f.write(text)
    sys.stdout.write(text)


# ---------------------------------------------------------------------------------------------
# check and count: the sources, read with ast
# ---------------------------------------------------------------------------------------------

class Sources:
    """The modules of one extracted repository, as the program's PYTHONPATH and stubs find them."""

    def __init__(self, root, program):
        self.root = root
        self.paths = [os.path.normpath(os.path.join(root, expand(p))) for p in program.get('pythonpath', ['.'])]
        script = expand(program['argv'][0])
        if script.endswith('.py'):  # a script's folder is the first entry of its sys.path
            self.paths.insert(0, os.path.dirname(script if os.path.isabs(script) else os.path.join(root, script)))
        self.stubs = set(program.get('stub_packages', {}))
        self.registered = set(program.get('registers', []))  # modules a driver or plugin puts in sys.modules
        self.trees = {}

    def find(self, module):
        """The file of a dotted module name, or None where the repository does not have it."""
        parts = module.split('.')
        for base in self.paths:
            stem = os.path.join(base, *parts)
            for path in (os.path.join(stem, '__init__.py'), stem + '.py'):
                if os.path.isfile(path):
                    return path
            if os.path.isdir(stem):
                return stem  # a namespace package
        return None

    def tree(self, path):
        if path not in self.trees:
            try:
                with open(path, encoding='utf-8', errors='replace') as f:
                    self.trees[path] = ast.parse(f.read(), path)
            except (SyntaxError, ValueError):
                self.trees[path] = ast.Module(body=[], type_ignores=[])
        return self.trees[path]

    def module_name(self, path):
        for base in self.paths:
            rel = os.path.relpath(path, base)
            if not rel.startswith('..'):
                rel = rel[:-len('/__init__.py')] if rel.endswith('/__init__.py') else rel[:-3]
                return rel.replace(os.sep, '.')
        return None


def guarded(parents):
    """Whether an import runs only on some paths: in a try, under an if, or in a function (a
    test that imports what it needs)."""
    kinds = (ast.Try, ast.If, ast.FunctionDef, ast.AsyncFunctionDef)
    return any(isinstance(p, kinds) or type(p).__name__ == 'TryStar' for p in parents)


def imports_of(tree, whole):
    """(dotted name, level, names, guarded) of the imports of a module: top-level statements (those
    that run at import), or every import where whole (the program's own files)."""
    out = []

    def walk(node, parents):
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)) and not whole:
                if not isinstance(child, ast.ClassDef):
                    continue
            if isinstance(child, ast.Import):
                out.extend((a.name, 0, [], guarded(parents)) for a in child.names)
            elif isinstance(child, ast.ImportFrom):
                out.append((child.module or '', child.level, [a.name for a in child.names], guarded(parents)))
            walk(child, parents + [child])
    walk(tree, [])
    return out


def resolve_relative(sources, path, module, level):
    if level == 0:
        return module
    base = sources.module_name(path) or ''
    parts = base.split('.') if base else []
    if not path.endswith('__init__.py'):
        parts = parts[:-1]
    parts = parts[:len(parts) - (level - 1)] if level > 1 else parts
    return '.'.join(parts + ([module] if module else []))


def named_modules(tree):
    """Dotted names in string constants of a program's own file (importlib.import_module(name))."""
    return [n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)
            and re.fullmatch(r'[A-Za-z_]\w*(\.[A-Za-z_]\w*)+', n.value)]


def import_closure(sources, entries):
    """(files reached, {missing top-level module: (chain of importers, guarded)}) from the entry
    files. A module reached only through guarded imports is guarded too."""
    soft_of, via, missing = {}, {}, {}
    todo = [(p, True, False, None) for p in entries]
    while todo:
        path, whole, soft, importer = todo.pop()
        if not path.endswith('.py') or (path in soft_of and (soft_of[path] <= soft)):
            continue
        soft_of[path] = soft
        via.setdefault(path, importer)
        if whole:  # a name the program imports by string: guarded (only where the repository has it)
            for name in named_modules(sources.tree(path)):
                todo += [(f, False, True, path) for f in module_files(sources, name)]
        for module, level, names, is_guarded in imports_of(sources.tree(path), whole):
            full = resolve_relative(sources, path, module, level)
            candidates = [full] + ['%s.%s' % (full, n) for n in names if n != '*']
            for name in candidates:
                todo += [(f, False, soft or is_guarded, path) for f in module_files(sources, name)]
            top = full.split('.')[0]
            if top and not sources.find(top) and top not in INSTALLED and top not in sys.stdlib_module_names \
                    and top not in sources.stubs and top not in sources.registered:
                old = missing.get(top)
                if old is None or (old[1] and not (soft or is_guarded)):
                    missing[top] = (import_chain(sources, via, path), soft or is_guarded)
    return set(soft_of), missing


def import_chain(sources, via, path):
    """The files from an entry to path, each importing the next."""
    chain = []
    while path is not None and len(chain) < 12:
        chain.append(os.path.relpath(path, sources.root) if path.startswith(sources.root) else os.path.basename(path))
        path = via.get(path)
    return ' <- '.join(chain)


def module_files(sources, name):
    """The files that importing name runs: each package's __init__.py down to it (not a stub's)."""
    parts, out = name.split('.'), []
    for i in range(1, len(parts) + 1):
        prefix = '.'.join(parts[:i])
        path = sources.find(prefix)
        if path is None:
            break
        if prefix in sources.stubs or os.path.isdir(path):
            continue
        out.append(path)
    return out


def program_entries(sources, program):
    """The program's own files: the test files and folders named in its argv, or its script."""
    out = []
    for a in program['argv']:
        a = expand(a).split('::')[0]
        path = a if os.path.isabs(a) else os.path.join(sources.root, a)
        if os.path.isfile(path) and path.endswith('.py'):
            out.append(path)
        elif os.path.isdir(path):
            for dp, _, files in os.walk(path):
                out += [os.path.join(dp, f) for f in files if f.endswith('.py') and f.startswith('test')]
    argv = program['argv']
    for i, a in enumerate(argv[:-1]):  # our pytest plugins (-p NAME) import for the tests
        plugin = os.path.join(HERE, 'plugins', argv[i + 1] + '.py')
        if a == '-p' and os.path.isfile(plugin):
            out.append(plugin)
    # the conftest.py files pytest loads on the way
    for dp in {os.path.dirname(p) for p in out if p.startswith(sources.root)}:
        while dp.startswith(sources.root):
            if os.path.isfile(os.path.join(dp, 'conftest.py')):
                out.append(os.path.join(dp, 'conftest.py'))
            dp = os.path.dirname(dp)
    return sorted(set(out))


TRITON_DECORATOR = re.compile(r'(^|\.)(jit|autotune|heuristics|libentry|libtuner)\b')


def is_jit(node):
    """A @triton.jit function (with or without autotune/heuristics above it)."""
    return any(re.search(r'(^|\.)jit\b', ast.unparse(d)) and 'torch.jit' not in ast.unparse(d)
               for d in node.decorator_list)


def is_wrapped_jit(node):
    """A jit function under a decorator of the library (FlagGems' @pointwise_dynamic) that makes
    a plain call of it a launch."""
    return is_jit(node) and any(not TRITON_DECORATOR.search(ast.unparse(d)) for d in node.decorator_list)


class Definitions:
    """Top-level functions and classes of the reached files, by name."""

    def __init__(self, sources, files, exclude):
        self.by_name = collections.defaultdict(list)
        for path in files:
            if exclude and exclude.search(os.path.relpath(path, sources.root)):
                continue
            for node in sources.tree(path).body:
                if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                    self.by_name[node.name].append((path, node))
                elif isinstance(node, ast.Assign):  # kernel = triton.jit(fn) and aliases
                    for t in node.targets:
                        if isinstance(t, ast.Name):
                            self.by_name[t.id].append((path, node))


def references(node):
    """(name, how) for the names a piece of code uses: 'launch' (kernel[grid]), 'call' (f(...)),
    'attr' (x.name) or 'name' (a value: passed, stored, aliased)."""
    out, called, launched = set(), set(), set()
    for n in ast.walk(node):
        if isinstance(n, ast.Subscript):
            launched.add(id(n.value))
        elif isinstance(n, ast.Call):
            called.add(id(n.func))
    for n in ast.walk(node):
        if isinstance(n, (ast.Name, ast.Attribute)):
            name = n.id if isinstance(n, ast.Name) else n.attr
            how = 'launch' if id(n) in launched else 'call' if id(n) in called else \
                'name' if isinstance(n, ast.Name) else 'attr'
            out.add((name, how))
    return out


def launches(node, how):
    """Whether a reference of this kind to this jit function launches it (a plain call of a
    bare jit function, or a math function of the same name as torch's, does not)."""
    return how in ('launch', 'name') or is_wrapped_jit(node)


def reachable_kernels(sources, entries, exclude=None, stop=()):
    """The jit functions that the entries' code reaches through the repository's functions,
    classes and aliases, by name (a static estimate: every branch taken). The conftest.py files
    are imported, not followed; names in stop (a library's switch that registers every op) are
    not followed either."""
    files, _ = import_closure(sources, entries)
    defs = Definitions(sources, files, exclude)
    kernels, seen = set(), set()
    own = [p for p in entries if os.path.basename(p) != 'conftest.py']
    todo = [(p, n) for p in own for n in sources.tree(p).body]
    for p in own:  # functions and classes a test or driver names by string (getattr(attorch, 'Softmax'))
        for n in ast.walk(sources.tree(p)):
            if isinstance(n, ast.Constant) and isinstance(n.value, str) and n.value.isidentifier():
                todo += [t for t in defs.by_name.get(n.value, []) if isinstance(t[1], ast.ClassDef)
                         or isinstance(t[1], (ast.FunctionDef, ast.AsyncFunctionDef)) and not is_jit(t[1])]
    while todo:
        path, node = todo.pop()
        key = (path, getattr(node, 'lineno', 0), type(node).__name__)
        if key in seen:
            continue
        seen.add(key)
        for name, how in references(node):
            if name in stop:
                continue
            for p, target in defs.by_name.get(name, []):
                if isinstance(target, (ast.FunctionDef, ast.AsyncFunctionDef)) and is_jit(target):
                    if launches(target, how):  # what a kernel calls is inlined, not launched
                        kernels.add((os.path.relpath(p, sources.root), target.name))
                else:
                    todo.append((p, target))
    return kernels


def for_each_program(args, action):
    for repo in selected(load_manifest(), args.repo):
        root = os.path.join(args.dest, repo['name'])
        if not os.path.isdir(root):
            sys.exit('corpus: %s is not fetched (corpus.py fetch %s)' % (root, args.dest))
        for index, program in enumerate(repo['programs']):
            sources = Sources(root, program)
            action(repo, index, program, sources, program_entries(sources, program))


def cmd_check(args):
    bad = []

    def check(repo, index, program, sources, entries):
        _, missing = import_closure(sources, entries)
        hard = {k: v for k, v in missing.items() if not v[1]}
        soft = {k: v for k, v in missing.items() if v[1]}
        print('%s/%d %s: %d files; missing %s; guarded %s' % (
            repo['name'], index, program.get('what', ''), len(entries),
            ', '.join('%s (%s)' % (k, v[0]) for k, v in sorted(hard.items())) or '-',
            ', '.join(sorted(soft)) or '-'))
        if not entries:
            bad.append('%s/%d: no entry file found' % (repo['name'], index))
        if hard:
            bad.append('%s/%d: %s' % (repo['name'], index, ', '.join(sorted(hard))))
    for_each_program(args, check)
    for line in bad:
        print('corpus: check: ' + line)
    return 1 if bad else 0


def cmd_count(args):
    per_repo = collections.defaultdict(set)
    rows = []

    def count(repo, index, program, sources, entries):
        exclude = re.compile(repo['count_exclude']) if repo.get('count_exclude') else None
        kernels = reachable_kernels(sources, entries, exclude, set(repo.get('count_stop', [])))
        per_repo[repo['name']] |= kernels
        rows.append((repo['name'], index, program.get('what', ''), len(kernels)))
        if args.verbose:
            for f, k in sorted(kernels):
                print('    %s %s:%s' % (repo['name'], f, k))
    for_each_program(args, count)
    print('| repository | program | kernels reached |')
    print('| --- | --- | --- |')
    for name, index, what, n in rows:
        print('| %s | %d: %s | %d |' % (name, index, what, n))
    print()
    print('| repository | distinct kernels reached |')
    print('| --- | --- |')
    for name, kernels in per_repo.items():
        print('| %s | %d |' % (name, len(kernels)))
    print('| **all** | %d |' % sum(len(k) for k in per_repo.values()))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest='command', required=True)
    p = sub.add_parser('fetch', help='write the repositories\' files under DEST')
    p.add_argument('dest')
    p.add_argument('--mirror', default='/work/.mirror', help='MIRROR/OWNER+NAME/repo bare git directories')
    p.add_argument('--repo')
    p.set_defaults(func=cmd_fetch)
    p = sub.add_parser('run', help='run dropin.py over each program')
    p.add_argument('dest')
    p.add_argument('--work', required=True)
    p.add_argument('--repo', help='repositories, comma-separated')
    p.add_argument('--program', help='only these programs: indices in --repo (0,2) or NAME/N items (fla/0,mamba/2)')
    p.add_argument('--group', help='the programs of the manifest\'s group N (one command\'s worth), or of groups N,M,...')
    p.add_argument('--skip-done', action='store_true', help='skip the programs that have a program.json under WORK')
    p.add_argument('--timeout', type=int, help='seconds for one run of a program (default: the manifest\'s)')
    p.add_argument('--jobs', type=int, default=1,
                   help='programs run side by side (more than 1: no timing, --time-launches 0, since they share '
                        'the GPU): a coverage and correctness pass over many groups in one call')
    p.add_argument('--budget', type=int, help='seconds for the whole command: a program is stopped where it would '
                   'pass them, and the next ones are not started')
    p.add_argument('--dropin-args', nargs=argparse.REMAINDER, default=[], help='the rest goes to dropin.py')
    p.set_defaults(func=cmd_run)
    p = sub.add_parser('summary', help='the reports under WORK as markdown')
    p.add_argument('work')
    p.add_argument('-o', '--output')
    p.add_argument('--top', type=int, default=15)
    p.add_argument('--explained', default=os.path.join(HERE, 'explained.json'),
                   help='the mismatches explained, with their evidence (default: tests/realworld/explained.json)')
    p.set_defaults(func=cmd_summary)
    p = sub.add_parser('check', help='imports each program needs that the GPU machine lacks')
    p.add_argument('dest')
    p.add_argument('--repo')
    p.set_defaults(func=cmd_check)
    p = sub.add_parser('count', help='kernels each program should launch (static estimate)')
    p.add_argument('dest')
    p.add_argument('--repo')
    p.add_argument('-v', '--verbose', action='store_true')
    p.set_defaults(func=cmd_count)
    args = ap.parse_args()
    return args.func(args) or 0


if __name__ == '__main__':
    sys.exit(main())
